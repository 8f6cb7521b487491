import {
  SeatingMode,
  type SeatingResult,
  type SeatRow,
  seatingModeText,
  type TicketOverview,
  TicketStatus,
} from '@skill-cert/shared/level-evaluations';
import {
  Alert,
  App,
  Button,
  Card,
  Progress,
  Radio,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { QueryError } from '@/shared/components/query-error/query-error';
import { dictOptions, useDict } from '@/shared/dict/use-dict';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import {
  type LogisticsPlan,
  type SeatQuery,
  ticketFileRoutes,
  useExamSessions,
  useRenderTickets,
  useSeating,
  useSeats,
  useTicketOverview,
} from '../api/exam-logistics';
import { isTestPlan } from '../api/plan-path';
import { DownloadButton } from './download-button';

type SeatFilters = Omit<SeatQuery, 'page' | 'per_page'>;
type TicketRoom = TicketOverview['rooms'][number];

const modeFallback = Object.entries(seatingModeText).map(([value, label]) => ({
  label,
  value: Number(value),
}));
const ticketColors: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 9: 'error' };

/**
 * 编排与准考证 (a test plan) or 座位与准考证 (an enterprise plan): seating the approved examinees of each session into its rooms (顺序编排, or 按工作单位打乱 so that two of
 * one work unit never sit side by side where it can be avoided); seating again keeps every ticket number. Then the
 * admission tickets: one PDF per room and the zip of them all, rendered in the background with progress and a message
 * at the end.
 */
export function SeatingPanel({ plan }: { plan: LogisticsPlan }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <SeatingCard plan={plan} />
      <TicketCard plan={plan} />
      <Card size="small" title="座位表">
        <SeatTable plan={plan} />
      </Card>
    </Space>
  );
}

function SeatingCard({ plan }: { plan: LogisticsPlan }) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const { dict } = useDict('seating_mode');
  const seating = useSeating(plan);
  const testPlan = isTestPlan(plan);
  const [mode, setMode] = useState<1 | 2>((plan.seating_mode as 1 | 2 | null) ?? SeatingMode.SCRAMBLE);
  const [result, setResult] = useState<SeatingResult | null>(null);
  const again = plan.seated_time_str !== null;

  const seat = () =>
    confirmOnce({
      title: '提示',
      content: again
        ? `确定按“${seatingModeText[mode]}”重新编排考场吗？座位将重新分配，已有的准考证号保持不变，已生成的准考证需重新生成。`
        : `确定按“${seatingModeText[mode]}”编排考场吗？编排后考生的准考证号即固定。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        seating.mutateAsync(mode).then(
          (answer) => {
            setResult(answer);
            message.success(`已编排 ${answer.seated} 名考生`);
          },
          () => undefined,
        ),
    });

  return (
    <Card size="small" title="编排考场" role="region" aria-label="编排考场">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          {`${testPlan ? '已通过审核' : '考生'} ${plan.examinee_counts.approved} 人，已编排 ${plan.examinee_counts.seated} 人；${plan.session_count} 个场次，${plan.room_count} 个考场，共 ${plan.seat_total} 个座位`}
          {plan.seated_time_str
            ? `；最近编排：${plan.seated_time_str}（${seatingModeText[plan.seating_mode ?? 1]}）`
            : ''}
        </Typography.Text>
        {plan.examinee_counts.pending > 0 && (
          <Alert
            type="warning"
            showIcon
            title={`还有 ${plan.examinee_counts.pending} 名考生的报名待审核，只有已通过审核的考生会被编排`}
          />
        )}
        {plan.abilities.can_seat ? (
          <Space wrap>
            <Radio.Group
              aria-label="编排方式"
              value={mode}
              onChange={(e) => setMode(e.target.value)}
              options={dictOptions(dict.seating_mode, modeFallback).map((o) => ({
                label: o.label,
                value: Number(o.value),
              }))}
            />
            <Button type="primary" loading={seating.isPending} onClick={seat}>
              {again ? '重新编排考场' : '编排考场'}
            </Button>
          </Space>
        ) : (
          !again && (
            <Typography.Text type="secondary">
              {testPlan
                ? '报名中的考试计划可以编排考场。'
                : '审批通过（进行中）且尚未录入成绩的评价计划可以编排考场。'}
            </Typography.Text>
          )
        )}
        <Typography.Text type="secondary">
          按工作单位打乱：同一考场内座号相邻（第 k 座与第 k+1
          座）的两名考生不来自同一工作单位；某单位人数超过考场一半时无法完全避免，将提示相邻的对数。
        </Typography.Text>
        {result && (
          <Alert
            type={result.warnings.length || result.adjacent_pairs ? 'warning' : 'success'}
            showIcon
            title={`已编排 ${result.seated} 名考生${result.adjacent_pairs ? `，有 ${result.adjacent_pairs} 对同单位考生座位相邻（无法避免）` : ''}`}
            description={
              result.warnings.length ? (
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {result.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
      </Space>
    </Card>
  );
}

function TicketCard({ plan }: { plan: LogisticsPlan }) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const tickets = useTicketOverview(plan);
  const render = useRenderTickets(plan);
  const files = ticketFileRoutes(plan);
  const job = tickets.data ?? plan.tickets;
  const rendering = job.status === TicketStatus.RENDERING;
  const canRender = plan.abilities.can_render_tickets;

  const start = () =>
    confirmOnce({
      title: '提示',
      content:
        job.status === TicketStatus.DONE
          ? '确定重新生成全部准考证吗？'
          : `确定为已编排的 ${plan.examinee_counts.seated} 名考生生成准考证吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        render.mutateAsync().then(
          () => message.success('已开始生成准考证，完成后将通过消息通知您'),
          () => undefined,
        ),
    });

  const columns: TableColumnsType<TicketRoom> = [
    { title: '场次', dataIndex: 'session_code', width: 80 },
    { title: '考场', key: 'room', render: (_, r) => `${r.room_code} ${r.room_name}` },
    { title: '人数', dataIndex: 'seated_count', width: 80 },
    {
      title: '准考证',
      key: 'file',
      width: 160,
      render: (_, r) =>
        r.file ? (
          <DownloadButton
            type="link"
            size="small"
            url={files.room(r.room_id)}
            name={`${r.session_code}-${r.room_code}-${r.room_name}.pdf`}
          >
            下载 PDF
          </DownloadButton>
        ) : (
          <Typography.Text type="secondary">未生成</Typography.Text>
        ),
    },
  ];

  return (
    <Card
      size="small"
      title={
        <Space>
          准考证
          <Tag color={ticketColors[job.status]}>{job.status_text}</Tag>
        </Space>
      }
      role="region"
      aria-label="准考证"
      extra={
        <Space wrap>
          {canRender && (
            <Button type="primary" disabled={rendering} loading={render.isPending} onClick={start}>
              {job.status === TicketStatus.DONE ? '重新生成准考证' : '生成准考证'}
            </Button>
          )}
          {canRender && job.status === TicketStatus.DONE && (
            <DownloadButton url={files.zip} name={`${plan.name}准考证.zip`}>
              下载全部（ZIP）
            </DownloadButton>
          )}
        </Space>
      }
    >
      {tickets.isError && <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} />}
      {rendering && (
        <section aria-label="生成进度" style={{ marginBottom: 12 }}>
          <Progress
            percent={job.rooms_total ? Math.floor((job.rooms_done / job.rooms_total) * 100) : 0}
            status="active"
          />
          <Typography.Text type="secondary">
            {`正在生成：已完成 ${job.rooms_done} / ${job.rooms_total} 个考场。生成在后台进行，可以离开此页，完成后会收到消息。`}
          </Typography.Text>
        </section>
      )}
      {job.status === TicketStatus.FAILED && job.fail_reason && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`生成失败：${job.fail_reason}`} />
      )}
      {job.finish_time_str && job.status === TicketStatus.DONE && (
        <Typography.Paragraph type="secondary">
          {`${job.request_user_name ?? ''} 于 ${job.finish_time_str} 生成；重新编排或修改考场后需重新生成。`}
        </Typography.Paragraph>
      )}
      <Table<TicketRoom>
        rowKey="room_id"
        size="small"
        pagination={false}
        aria-label="各考场准考证"
        columns={columns}
        dataSource={tickets.data?.rooms}
        loading={tickets.isLoading}
        locale={{ emptyText: '编排考场后可生成准考证' }}
      />
    </Card>
  );
}

function SeatTable({ plan }: { plan: LogisticsPlan }) {
  const paged = usePagedSearch<SeatFilters>({ keyword: '', session_id: null });
  const seats = useSeats(plan, paged.query);
  const sessions = useExamSessions(plan);
  const files = ticketFileRoutes(plan);
  const columns: TableColumnsType<SeatRow> = [
    { title: '场次', key: 'session', width: 150, render: (_, r) => `${r.session_code} ${r.method_text}` },
    { title: '考场', key: 'room', width: 150, render: (_, r) => `${r.room_code} ${r.room_name}` },
    { title: '座号', dataIndex: 'seat_no', width: 70 },
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '证件号码', dataIndex: 'id_number', width: 190 },
    { title: '工作单位', dataIndex: 'work_unit', render: (t: string | null) => t ?? '-' },
    {
      title: '准考证号',
      key: 'ticket_no',
      width: 210,
      // The person's own ticket (rendered on request) downloads from the icon before the number.
      render: (_, r) => (
        <Space size={4}>
          {r.ticket_no && plan.abilities.can_render_tickets && (
            <DownloadButton
              type="link"
              size="small"
              aria-label={`下载${r.name}的准考证`}
              title="下载准考证"
              url={files.person(r.examinee_id)}
              name={`准考证-${r.name}-${r.ticket_no}.pdf`}
            />
          )}
          <span>{r.ticket_no ?? '-'}</span>
        </Space>
      ),
    },
  ];
  return (
    <PagedSearchTable<SeatRow, SeatFilters>
      searchLabel="座位搜索"
      paged={paged}
      result={seats}
      columns={columns}
      size="small"
      rowKey={(r) => `${r.room_id}:${r.seat_no}`}
      locale={{ emptyText: '尚未编排考场' }}
      filters={[
        { name: 'keyword', label: '关键词', placeholder: '姓名、证件号码或准考证号', width: 200 },
        {
          name: 'session_id',
          label: '场次',
          width: 200,
          options: (sessions.data?.sessions ?? []).map((s) => ({
            label: `${s.code} ${s.method_text}（${s.start_time_str}）`,
            value: s._id,
          })),
        },
      ]}
    />
  );
}
