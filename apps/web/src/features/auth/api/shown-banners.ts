import type { BannerPositionValue, ShownBanner } from '@skill-cert/shared/banners';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

// The position's number, not the contract's module: that one brings zod into the login page's first load.
const LOGIN_PAGE: BannerPositionValue = 1;

/** `GET /api/banners/shown?position=1`: the login page's banners shown now (no sign-in); none when it fails. */
export const useLoginBanners = () =>
  useQuery({
    queryKey: ['banners', 'shown', LOGIN_PAGE],
    queryFn: () =>
      request<ShownBanner[]>('GET', '/api/banners/shown', {
        params: { position: LOGIN_PAGE },
        silent: true,
      }),
    retry: false,
    staleTime: 5 * 60_000,
  });
