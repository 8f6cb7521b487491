import type { DictItemBody, DictItemRow, DictionaryRow } from '@skill-cert/shared/dict';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearDictCache } from '@/shared/dict/dict-cache';
import { request } from '@/shared/http';

const KEY = 'dictionaries';

/** `GET /api/dictionaries`: every dictionary of 字典管理 with its counts. */
export const dictionaryListOptions = () =>
  queryOptions({
    queryKey: [KEY, 'list'],
    queryFn: () => request<DictionaryRow[]>('GET', '/api/dictionaries'),
  });
export const useDictionaryList = () => useQuery(dictionaryListOptions());

/** `GET /api/dictionaries/:name/items`: a dictionary's items, enabled or not, in order. */
export const dictItemsOptions = (name: string | null) =>
  queryOptions({
    queryKey: [KEY, 'items', name],
    queryFn: () => request<DictItemRow[]>('GET', `/api/dictionaries/${encodeURIComponent(name ?? '')}/items`),
    enabled: name !== null,
  });
export const useDictItems = (name: string | null) => useQuery(dictItemsOptions(name));

/** After a change: the lists again, and this browser's own dictionaries (others learn it by the version). */
const useChanged = () => {
  const queryClient = useQueryClient();
  return () => {
    clearDictCache();
    return queryClient.invalidateQueries({ queryKey: [KEY] });
  };
};

/** Saves a new item of `dict` (`id` null) or an existing item. */
export const useSaveDictItem = () => {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ dict, id, body }: { dict: string; id: string | null; body: DictItemBody }) =>
      id
        ? request<DictItemRow>('PUT', `/api/dictItems/${id}`, { body })
        : request<DictItemRow>('POST', `/api/dictionaries/${encodeURIComponent(dict)}/items`, { body }),
    onSuccess: changed,
  });
};

export const useDeleteDictItem = () => {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: string) => request<null>('DELETE', `/api/dictItems/${id}`),
    onSuccess: changed,
  });
};
