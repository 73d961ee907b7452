import { Box, Link } from '@mui/material';
import {
  FunctionField,
  Labeled,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { userDisplayName } from '../user/userName';
import { mailStatusName } from './labels';
import { splitLinks } from './links';

interface MailRecord {
  id: string | number;
  status: string;
  text: string;
}

/**
 * The message as plain text: preformatted, links clickable, never rendered as HTML (the `html`
 * part the API also keeps is not shown: mail HTML is not for this page to trust).
 */
function MailText() {
  const record = useRecordContext<MailRecord>();
  if (!record) return null;
  return (
    <Labeled label="resources.mailbox.fields.text" fullWidth>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'inherit',
          fontSize: '0.95rem',
        }}
      >
        {splitLinks(record.text ?? '').map((part, index) =>
          part.kind === 'link' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
            <Link key={index} href={part.href} target="_blank" rel="noopener noreferrer">
              {part.text}
            </Link>
          ) : (
            part.text
          ),
        )}
      </Box>
    </Labeled>
  );
}

export function MailboxShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="to" />
        <TextField source="subject" />
        <FunctionField source="status" render={(record: MailRecord) => mailStatusName(record.status)} />
        <NumberField source="attempts" />
        <TextField source="lastError" emptyText="-" />
        <ReferenceField source="userId" reference="user" link="show" emptyText="-">
          <FunctionField render={userDisplayName} />
        </ReferenceField>
        <KoreaDateField source="createdAt" showTime />
        <KoreaDateField source="sentAt" showTime emptyText="-" />
        <MailText />
      </SimpleShowLayout>
    </Show>
  );
}
