import type { DashboardData } from '@skill-cert/shared/dashboard';
import { cleanQuery } from '@skill-cert/shared/query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** The months shown, `YYYY-MM`; '' for the default (the last 12 months). */
export interface DashboardRange {
  start_month: string;
  end_month: string;
}

/** `GET /api/dashboard`: the platform's counts for the range. */
export const useDashboard = (range: DashboardRange) =>
  useQuery({
    queryKey: ['dashboard', range],
    queryFn: () =>
      request<DashboardData>('GET', '/api/dashboard', {
        params: cleanQuery({ ...range }) as Record<string, string>,
      }),
    placeholderData: keepPreviousData,
  });
