import { useMatches } from 'react-router';

/** What a route declares in `handle`. */
export interface RouteHandle {
  title?: string;
}

/** Title of the deepest matched route that has one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i].handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}
