import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useReviewsWaiting } from '@/features/reviews/api/reviews';

/**
 * Menu pages that show how much waits for the user, by the page's path: a hook answering the count (its query keeps
 * it fresh). One line here per page; every other entry is its bare title.
 */
const badges: Readonly<Record<string, () => number | undefined>> = {
  '/review': useReviewsWaiting,
};

function BadgedTitle({ title, useCount }: { title: string; useCount: () => number | undefined }) {
  const count = useCount();
  return (
    <span>
      {title}
      {count ? (
        <Badge
          count={count}
          overflowCount={99}
          size="small"
          style={{ marginInlineStart: 6 }}
          aria-label={`${title}待处理 ${count} 项`}
        />
      ) : null}
    </span>
  );
}

/** A menu entry's label: its title, with the count of what waits where the page has one. */
export function menuLabel(title: string, path: string | null): ReactNode {
  const useCount = path ? badges[path] : undefined;
  return useCount ? <BadgedTitle title={title} useCount={useCount} /> : title;
}
