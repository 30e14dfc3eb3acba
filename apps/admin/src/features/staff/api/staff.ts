import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type StaffListQuery = NonNullable<RequestInput<'adminStaffList'>['query']>;
export type CreateStaffBody = NonNullable<RequestInput<'adminStaffCreate'>['body']>;
export type UpdateStaffBody = NonNullable<RequestInput<'adminStaffUpdate'>['body']>;

/** GET /wps/admin/staff: one page of staff, filtered by name. */
export function useStaffList(query: StaffListQuery) {
  return useQuery({
    queryKey: ['staff', query],
    queryFn: ({ signal }) => apiRequest('adminStaffList', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffBody) => apiRequest('adminStaffCreate', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export function useUpdateStaff(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStaffBody) => apiRequest('adminStaffUpdate', { params: { username }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
}
