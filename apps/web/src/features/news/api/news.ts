import type {
  NewsBody,
  NewsDetail,
  NewsPage,
  NewsRow,
  PublishedNews,
  PublishedNewsPage,
} from '@skill-cert/shared/news';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

export interface NewsQuery {
  title?: string;
  category?: string | null;
  status?: number | null;
  page: number;
  per_page: number;
}
export type PublishedNewsQuery = Omit<NewsQuery, 'status'>;

const KEY = 'news';

/** `GET /api/news`: the platform's list (新闻公告). */
export const newsListOptions = (query: NewsQuery) =>
  queryOptions({
    queryKey: [KEY, 'list', query],
    queryFn: () => request<NewsPage>('GET', '/api/news', { params: { ...query } }),
    placeholderData: keepPreviousData,
  });
export const useNewsList = (query: NewsQuery) => useQuery(newsListOptions(query));

/** `GET /api/news/{id}`: the whole article, for the editor. */
export const useNewsDetail = (id: string | null) =>
  useQuery({
    queryKey: [KEY, 'detail', id],
    queryFn: () => request<NewsDetail>('GET', `/api/news/${id}`),
    enabled: id !== null,
  });

/** `GET /api/news/published`: the articles of the reader's portal, top ones first. */
export const usePublishedNews = (query: PublishedNewsQuery) =>
  useQuery({
    queryKey: [KEY, 'published', query],
    queryFn: () => request<PublishedNewsPage>('GET', '/api/news/published', { params: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/news/published/{id}`: one article as a reader sees it (counted as read). */
export const usePublishedArticle = (id: string) =>
  useQuery({
    queryKey: [KEY, 'published', 'article', id],
    queryFn: () => request<PublishedNews>('GET', `/api/news/published/${id}`, { silent: true }),
    retry: false,
  });

/** Saves a new (`id` null) or existing article. */
export const useSaveNews = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: NewsBody }) =>
      id
        ? request<NewsDetail>('PUT', `/api/news/${id}`, { body })
        : request<NewsDetail>('POST', '/api/news', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
};

/** 发布, 下线 or 删除 an article. */
export const useNewsAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'publish' | 'offline' | 'delete' }) =>
      action === 'delete'
        ? request<null>('DELETE', `/api/news/${id}`)
        : request<NewsRow>('POST', `/api/news/${id}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
};
