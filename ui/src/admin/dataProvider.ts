import { messages } from '@interior/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, HttpError, type Identifier, type RaRecord } from 'react-admin';
import { apiFilter } from '../kit/listFilter';
import { listTotal } from '../kit/listTotal';
import { ApiError, apiBase, apiFetch } from '../session';

/** The shape ra-data-simple-rest expects from its HTTP client (react-admin's fetchUtils.fetchJson). */
interface HttpAnswer {
  status: number;
  headers: Headers;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: react-admin reads records of any resource from here
  json: any;
}

/**
 * The session's authenticated fetch (bearer token, one reissue and retry on 401) in the shape
 * ra-data-simple-rest wants. API errors become react-admin HttpErrors whose body keeps the
 * server's `{status, message, errors}`: react-admin shows `message` and puts `errors` on the
 * form fields.
 */
export async function httpClient(url: string, options: RequestInit = {}): Promise<HttpAnswer> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (options.body && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  try {
    const response = await apiFetch(url, { ...options, headers });
    const body = await response.text();
    return { status: response.status, headers: response.headers, body, json: parseJson(body) };
  } catch (error) {
    if (error instanceof ApiError) throw new HttpError(error.message, error.status, error.body ?? undefined);
    throw error;
  }
}

function parseJson(body: string): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    throw new Error(messages.unknownError);
  }
}

/**
 * Optimistic concurrency: writes carry the version the user saw (`version` is the stream revision
 * the API answers with every record), so a change made meanwhile by someone else is refused with
 * 412 and its Korean message instead of being overwritten.
 */
function ifMatch(previousData: Partial<RaRecord> | undefined): HeadersInit {
  const version = previousData?.version;
  return typeof version === 'number' ? { 'If-Match': `"${version}"` } : {};
}

const recordUrl = (resource: string, id: Identifier) => `${apiBase}/${resource}/${encodeURIComponent(id)}`;

/** Bulk writes get only ids, no versions: they could overwrite unseen changes, so the app offers none. */
const noBulkWrite = () =>
  Promise.reject(
    new Error('Bulk update and delete are not offered: each write needs the version the user saw.'),
  );

const simpleRest = simpleRestProvider(apiBase, httpClient);

export const dataProvider: DataProvider = {
  ...simpleRest,

  // As ra-data-simple-rest asks a list, reading also whether its total is a lower bound (listTotal).
  getList: async (resource, params) => {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
    const query = new URLSearchParams({
      sort: JSON.stringify([field, order]),
      range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
      filter: JSON.stringify(apiFilter(params.filter)),
    });
    const { headers, json } = await httpClient(`${apiBase}/${resource}?${query}`, {
      signal: params.signal,
    });
    return { data: json, ...listTotal(headers.get('content-range')) };
  },

  update: async (resource, params) => {
    const { json } = await httpClient(recordUrl(resource, params.id), {
      method: 'PUT',
      body: JSON.stringify(params.data),
      headers: ifMatch(params.previousData),
    });
    return { data: json };
  },

  delete: async (resource, params) => {
    const { json } = await httpClient(recordUrl(resource, params.id), {
      method: 'DELETE',
      headers: ifMatch(params.previousData),
    });
    return { data: json };
  },

  updateMany: noBulkWrite,
  deleteMany: noBulkWrite,
};
