import { Empty, Timeline } from 'antd';

/** A step of a process as the server answers it (record applications, evaluation plans: `lib/timeline.ts`). */
export interface TimelineStep {
  _id: string;
  action: string;
  action_text: string;
  user_name: string;
  note: string | null;
  create_time_str: string;
}

/**
 * The steps of a process, oldest first: when, what, who, and the note under its label (驳回原因, 审核意见 …).
 * `colors` by action (others `fallback`); `noteLabel` names a step's note.
 */
export function StepTimeline({
  label,
  steps,
  colors,
  fallback = 'gray',
  noteLabel,
}: {
  /** The list's accessible name, e.g. 办理记录. */
  label: string;
  steps: readonly TimelineStep[];
  colors: Record<string, string>;
  fallback?: string;
  noteLabel: (action: string) => string;
}) {
  if (steps.length === 0) return <Empty description="暂无记录" />;
  return (
    <Timeline
      aria-label={label}
      items={steps.map((t) => ({
        key: t._id,
        color: colors[t.action] ?? fallback,
        title: t.create_time_str,
        content: (
          <div>
            <strong>{t.action_text}</strong>
            <span style={{ marginLeft: 8, color: 'var(--ant-color-text-secondary)' }}>
              操作人：{t.user_name}
            </span>
            {t.note && (
              <div style={{ marginTop: 4 }}>
                {noteLabel(t.action)}：{t.note}
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}
