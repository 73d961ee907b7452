import type { ReactNode } from 'react';
import { Icon } from './Icon';
import './plain.css';

/**
 * A message in a coloured box, as MUI's standard Alert draws it (its icon, its colours from the
 * palette), for the screens drawn without MUI. `role` is what a screen reader does with it: `alert`
 * (the default, as MUI's) is announced at once, `status` when it is read next.
 */
export function Alert({
  severity,
  role = 'alert',
  action,
  className,
  testId,
  children,
}: {
  severity: 'error' | 'success';
  role?: 'alert' | 'status';
  action?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={role}
      data-testid={testId}
      className={`plain plain-alert plain-alert--${severity}${className ? ` ${className}` : ''}`}
    >
      <div className="plain-alert__icon">
        <Icon name={severity === 'error' ? 'errorOutline' : 'successOutlined'} />
      </div>
      <div className="plain-alert__message">{children}</div>
      {action ? <div className="plain-alert__action">{action}</div> : null}
    </div>
  );
}
