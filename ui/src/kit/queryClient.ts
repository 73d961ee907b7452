import { QueryClient } from '@tanstack/react-query';

/**
 * The dashboard's react-query cache (react-admin's own default client, made here so that code
 * outside components, the authProvider's grants, shares it).
 */
export const queryClient = new QueryClient();
