import type { AdminSetting } from '@platform/contract/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /wps/admin/settings: every setting with its value, default and schema. */
export function useSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => apiRequest('adminSettings', { signal }),
  });
}

/** The answer of a save or a reset replaces the setting in the list; its history is asked again. */
function useSettingAnswer() {
  const client = useQueryClient();
  return (answer: AdminSetting) => {
    client.setQueryData<AdminSetting[]>(['settings'], (list) =>
      list?.map((one) => (one.key === answer.key ? answer : one)),
    );
    void client.invalidateQueries({ queryKey: ['setting-history', answer.key] });
  };
}

export function useSettingUpdate(key: string) {
  const onAnswer = useSettingAnswer();
  return useMutation({
    mutationFn: (body: { value: unknown; reason: string }) =>
      apiRequest('adminSettingUpdate', { params: { key }, body }),
    onSuccess: onAnswer,
  });
}

export function useSettingReset(key: string) {
  const onAnswer = useSettingAnswer();
  return useMutation({
    mutationFn: (reason: string) => apiRequest('adminSettingReset', { params: { key }, body: { reason } }),
    onSuccess: onAnswer,
  });
}

/** Who changed the setting when (the audit's entries for it), newest first. */
export function useSettingHistory(key: string, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: ['setting-history', key, pageNo, pageSize],
    queryFn: ({ signal }) =>
      apiRequest('adminSettingHistory', {
        params: { key },
        query: { pageNo, pageSize, order: 'desc' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
