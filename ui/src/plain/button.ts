import type { CSSProperties } from 'react';
import './plain.css';

/**
 * The class of a button (or of a link drawn as one) on the screens drawn without MUI: `contained`
 * for the screen's main action, `outlined` beside it, `inherit` for a small action inside a
 * notice, in the notice's colour, `brand` in the colours of its style (brandColours).
 */
export function buttonClass(
  variant: 'contained' | 'outlined' | 'inherit' | 'brand',
  options: { large?: boolean; fullWidth?: boolean } = {},
): string {
  return [
    'plain-button',
    `plain-button--${variant}`,
    options.large ? 'plain-button--large' : '',
    options.fullWidth ? 'plain-button--full' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The style that gives a `brand` button its colours. */
export function brandColours(colours: { background: string; color: string; hover: string }): CSSProperties {
  return {
    '--brand-background': colours.background,
    '--brand-color': colours.color,
    '--brand-hover': colours.hover,
  } as CSSProperties;
}
