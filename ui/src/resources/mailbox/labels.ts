/** mail_outbox statuses and their Korean names. `local`: kept here because no SMTP_URL is set. */
export const mailStatusLabels: Record<string, string> = {
  pending: '대기',
  sending: '발송 중',
  sent: '발송됨',
  failed: '실패',
  local: '보관됨',
};

export const mailStatusChoices = Object.entries(mailStatusLabels).map(([id, name]) => ({ id, name }));

export const mailStatusName = (status: string) => mailStatusLabels[status] ?? status;
