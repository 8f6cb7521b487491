import type { NewsRow, PublishedNews, PublishedNewsRow } from '@skill-cert/shared/news';
import type { RoleTypeId } from '@skill-cert/shared/roles';
import { useSessionStore } from '@/shared/session/session-store';
import { makeUser, ok } from '@/test/fake-network';

/** Test data for the news screens (imported by their tests only). */

let seq = 0;
const uuid = () => {
  seq += 1;
  return `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
};

/** A user of `portal` holding `permissions` there; the fake network answers personalMenus with them. */
export function signInAs(portal: RoleTypeId, permissions: string[] = ['*:*:*']) {
  useSessionStore.setState({ user: makeUser({ roles: [portal] }) });
  return { 'GET /api/user/personalMenus': ok({ menus: [], permissions }) };
}

export function newsRow(title: string, extra: Partial<NewsRow> = {}): NewsRow {
  return {
    _id: uuid(),
    title,
    category: '平台公告',
    cover_file_id: null,
    cover_url: null,
    top: false,
    read_count: 0,
    publish_time_str: null,
    status: 0,
    status_name: '草稿',
    audience_all: true,
    audience: [],
    notify: false,
    publish_at_str: null,
    create_time_str: '2026-12-01 10:00:00',
    update_time_str: '2026-12-01 10:00:00',
    ...extra,
  };
}

export function publishedRow(title: string, extra: Partial<PublishedNewsRow> = {}): PublishedNewsRow {
  return {
    _id: uuid(),
    title,
    category: '平台公告',
    cover_file_id: null,
    cover_url: null,
    top: false,
    read_count: 3,
    publish_time_str: '2026-12-01 10:00:00',
    summary: '摘要',
    ...extra,
  };
}

export function publishedArticle(title: string, extra: Partial<PublishedNews> = {}): PublishedNews {
  return { ...publishedRow(title), content: '<p>正文</p>', attachments: [], ...extra };
}
