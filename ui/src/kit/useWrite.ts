import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';

/**
 * The cached reads a write can change, by what it writes. A query's key starts with the list or
 * record it reads (react-admin keys its own as `[resource, method, params]`), so refreshing a
 * name refreshes every page, sort and filter of that list and every record read under it, and
 * nothing else.
 */
export const touches = {
  /** A design's name, folder, owner or status: every design list, the design and its history. */
  design: ['mydesign', 'trash', 'shared', 'design/management', 'design-manager/design', 'history'],
  designfolder: ['designfolder'],
  /** A comment: the design's comments and its count on the design. */
  comment: ['comment', 'mydesign'],
  /** A share: the design's grants, its share count and its history. */
  share: ['mydesign', 'acl', 'history'],
  /** An estimation's step: the three estimation lists, the estimation, its parts and history. */
  estimation: [
    'estimation',
    'design-manager/estimation',
    'my-estimation',
    'estimation-draft',
    'estimation-quotes',
    'design-estimations',
    'design-manager/design',
    'history',
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * Runs a write, tells the person how it went (the server's Korean message on failure) and
 * refreshes the lists it touched. Answers whether it succeeded.
 */
export function useWrite() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async (action: () => Promise<unknown>, done: string, touched: readonly string[]) => {
    try {
      await action();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      return false;
    }
    notify(done, { type: 'success' });
    await Promise.all(touched.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
    return true;
  };
}
