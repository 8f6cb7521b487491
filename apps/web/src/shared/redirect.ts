/** A `redirect` query value we may follow: a path of this site, never another origin. */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw === '/login' || raw.startsWith('/login?')) return null;
  return raw;
}

/** The login page that brings the user back to `path` afterwards. */
export const loginPathFor = (path: string): string => `/login?redirect=${encodeURIComponent(path)}`;
