import type { UserDetail } from '@interior/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { rememberCurrentUser } from '../../kit/currentUser';
import { fetchCurrentUser } from './api';

export const currentUserQueryKey = ['profile', 'current'] as const;

/**
 * Takes the detail a save of one's own account answered: the profile page, and the app bar's name
 * and avatar (react-admin's identity), show it at once.
 */
export function useAdoptCurrentUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (detail: UserDetail) => {
      rememberCurrentUser(detail);
      queryClient.setQueryData(currentUserQueryKey, detail);
      void queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
    },
    [queryClient],
  );
}

/** The signed-in user's detail, read fresh for the profile page, and `adopt` for what a save answers. */
export function useCurrentUserDetail() {
  const query = useQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser });
  return { ...query, adopt: useAdoptCurrentUser() };
}
