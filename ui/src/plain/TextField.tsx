import type { InputHTMLAttributes, Ref } from 'react';
import './plain.css';

/**
 * A text field on the screens drawn without MUI: its label above the box (marked * when required,
 * the mark hidden from screen readers, which say "required" themselves), its message under it,
 * tied to the box by `aria-describedby`, red with `error`. The ids are MUI's (`{id}-label`,
 * `{id}-helper-text`), so a field keeps them whichever kind of page draws it.
 */
export function TextField({
  id,
  label,
  error = false,
  helperText,
  ref,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  error?: boolean;
  helperText?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <div className={error ? 'plain-field plain-field--error' : 'plain-field'}>
      <label htmlFor={id} id={`${id}-label`} className="plain-field__label">
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        ref={ref}
        className="plain-field__input"
        aria-invalid={error || undefined}
        aria-describedby={helperId}
        {...input}
      />
      {helperText ? (
        <p id={helperId} className="plain-field__helper">
          {helperText}
        </p>
      ) : null}
    </div>
  );
}
