import { Table, type TableColumnsType, Tag, Typography } from 'antd';

/** One field of a change: its path (`menu_ids`, `address.city`), the value before and after. */
export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const EMPTY = '—';

/** A value as one line of text: arrays of plain values joined, anything else as JSON. */
function text(value: unknown): string {
  if (value === undefined) return EMPTY;
  if (value === null || value === '') return '（空）';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))
    return value.length ? value.map(String).join('、') : '（空）';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Nested objects flattened to dotted paths; arrays and plain values are leaves. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
  return out;
}

/**
 * Before and after side by side, field by field: the fields of the request first (what was asked), then the rest of
 * the row as it was. A field is changed when the request gave it a value other than the one it had.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const b = flatten(before);
  const a = flatten(after);
  const fields = [...a.keys(), ...[...b.keys()].filter((k) => !a.has(k))];
  return fields.map((field) => {
    const was = b.get(field);
    const now = a.get(field);
    return {
      field,
      before: b.has(field) ? text(was) : EMPTY,
      after: a.has(field) ? text(now) : EMPTY,
      changed: a.has(field) && (!b.has(field) || JSON.stringify(was) !== JSON.stringify(now)),
    };
  });
}

const columns: TableColumnsType<DiffRow> = [
  {
    title: '字段',
    dataIndex: 'field',
    width: 160,
    render: (field: string, row) => (
      <>
        <Typography.Text code>{field}</Typography.Text>
        {row.changed && <Tag color="orange">已变更</Tag>}
      </>
    ),
  },
  {
    title: '变更前',
    dataIndex: 'before',
    render: (t: string) => <span className="audit-diff-before">{t}</span>,
  },
  {
    title: '变更后',
    dataIndex: 'after',
    render: (t: string) => <span className="audit-diff-after">{t}</span>,
  },
];

/** The readable diff of one audit row (the detail drawer). */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = diffRows(before, after);
  return (
    <section aria-label="变更内容">
      <Table<DiffRow>
        rowKey="field"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: '无请求内容' }}
      />
    </section>
  );
}
