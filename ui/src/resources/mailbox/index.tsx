import { MailboxList } from './List';
import { MailboxShow } from './Show';

/**
 * The `mailbox` resource (Admin only, read-only; see admin/access.ts): sent and kept mail, the
 * embedded default's local mailbox when SMTP_URL is not set.
 */
export default {
  list: MailboxList,
  show: MailboxShow,
};
