import { recordsToCsv } from '@interior/contracts';
import { downloadCSV, type Exporter } from 'react-admin';

/**
 * Saves a CSV the browser made (contracts' one writer: formula-safe cells, BOM). react-admin's
 * downloadCSV only wraps the text in a file named `<name>.csv`.
 */
export const saveCsv = (csv: string, name: string) => downloadCSV(csv, name);

/** The export of every admin list, instead of react-admin's default (which writes cells raw). */
export const csvExporter: Exporter = (records, _fetchRelated, _dataProvider, resource) =>
  saveCsv(recordsToCsv(records), resource ?? 'export');
