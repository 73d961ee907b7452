import { erasedPersonName } from '@interior/contracts';

/** A user's name as lists and titles show it: an erased user (PIPA) as every history names them. */
export const userDisplayName = (record: { name?: string | null } | null | undefined): string =>
  record?.name ?? erasedPersonName;
