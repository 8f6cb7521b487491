import type { ReactNode } from 'react';

/** A plan number (计划编号) on one line: the number is never broken across lines, wherever it is shown. */
export function PlanNo({ value, empty = '-' }: { value: string | null | undefined; empty?: ReactNode }) {
  if (!value) return empty;
  return (
    <span className="plan-no" style={{ whiteSpace: 'nowrap' }}>
      {value}
    </span>
  );
}
