import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import type { TextFieldProps } from '@mui/material/TextField';
import { type KeyboardEventHandler, type ReactNode, useId } from 'react';

/**
 * The public pages' text field: MUI's TextField as its documentation composes it (FormControl,
 * InputLabel, OutlinedInput, FormHelperText), with the props these pages use. MUI's own TextField
 * also carries its Select, and with it Menu, Popover and Modal, into the first load of the sign-up
 * and password pages for no field that selects. (The sign-in page draws its fields without MUI:
 * plain/TextField.)
 */
export type LightTextFieldProps = Pick<
  TextFieldProps,
  | 'id'
  | 'name'
  | 'type'
  | 'label'
  | 'autoComplete'
  | 'autoFocus'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'error'
  | 'helperText'
  | 'required'
  | 'fullWidth'
  | 'disabled'
  | 'placeholder'
  | 'inputRef'
  | 'multiline'
  | 'minRows'
  | 'maxRows'
  | 'size'
  | 'sx'
> & {
  onKeyDown?: KeyboardEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  slotProps?: {
    htmlInput?: Record<string, unknown>;
    inputLabel?: { required?: boolean; shrink?: boolean };
    input?: { endAdornment?: ReactNode; startAdornment?: ReactNode };
  };
};

export function TextField({
  id,
  label,
  helperText,
  error,
  required,
  fullWidth,
  disabled,
  size,
  sx,
  slotProps,
  ...input
}: LightTextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  const labelId = label ? `${inputId}-label` : undefined;
  const htmlInput = slotProps?.htmlInput ?? {};
  const describedBy = [htmlInput['aria-describedby'], helperId].filter(Boolean).join(' ') || undefined;
  return (
    <FormControl
      error={error}
      required={required}
      fullWidth={fullWidth}
      disabled={disabled}
      size={size === 'small' ? 'small' : 'medium'}
      sx={sx}
      variant="outlined"
    >
      {label ? (
        <InputLabel htmlFor={inputId} id={labelId} {...(slotProps?.inputLabel ?? {})}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        id={inputId}
        label={label}
        {...input}
        {...(slotProps?.input ?? {})}
        inputProps={{ ...htmlInput, 'aria-describedby': describedBy }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
