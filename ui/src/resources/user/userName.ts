/** Shown for a user whose personal data was erased (PIPA): name and e-mail are gone for good. */
export const erasedUserName = '(삭제된 사용자)';

/** A user's name as lists and titles show it; erased users have none. */
export const userDisplayName = (record: { name?: string | null } | null | undefined): string =>
  record?.name ?? erasedUserName;
