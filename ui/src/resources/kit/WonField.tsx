import { formatWon } from '@interior/contracts';
import { FunctionField } from 'react-admin';

/** A record's amount of money as the whole platform writes it (14,900원), or a dash without one. */
export function WonField({ source }: { source: string }) {
  return (
    <FunctionField
      source={source}
      render={(record) => (typeof record[source] === 'number' ? formatWon(record[source]) : '-')}
    />
  );
}
