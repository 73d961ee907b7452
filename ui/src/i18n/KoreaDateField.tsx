import { koreaTimeText } from '@interior/contracts';
import { Typography } from '@mui/material';
import { type FieldProps, useFieldValue } from 'react-admin';

/**
 * A record's moment in Korea time, in react-admin's field slot. react-admin's DateField writes it in
 * the browser's zone and with the browser's ICU words, so a reader abroad would see another day
 * than the staff and the mails, and some browsers write "AM" for 오전.
 */
export function KoreaDateField({
  showTime = false,
  emptyText = '',
  className,
  ...props
}: FieldProps & { showTime?: boolean; emptyText?: string }) {
  const value = useFieldValue(props);
  return (
    <Typography component="span" variant="body2" className={className}>
      {koreaTimeText(value as string | null | undefined, showTime ? 'dateTimeSeconds' : 'date', emptyText)}
    </Typography>
  );
}
