import { type ListProps, List as RaList } from 'react-admin';
import { csvExporter } from './csv';

/**
 * react-admin's List with the platform's CSV export. Every list imports this one, so no list can
 * fall back to the default exporter; `exporter={false}` still turns export off.
 */
export function List(props: ListProps) {
  return <RaList exporter={csvExporter} {...props} />;
}
