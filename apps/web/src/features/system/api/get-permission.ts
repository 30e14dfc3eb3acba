import { type Permission } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getPermission = (signal?: AbortSignal): Promise<Permission> =>
  apiRequest('permission', { query: { url: window.location.host }, signal });

export const permissionQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'permission'], queryFn: ({ signal }) => getPermission(signal) });

export const usePermission = () => useQuery(permissionQueryOptions());
