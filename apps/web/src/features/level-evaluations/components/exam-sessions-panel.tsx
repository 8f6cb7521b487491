import { PlusOutlined } from '@ant-design/icons';
import {
  type ExamRoomRow,
  type ExamSessionRow,
  examRoomBody,
  examSessionBody,
  MIN_INVIGILATORS,
  ROOM_SEATS_MAX,
  RoomType,
  roomTypeText,
} from '@skill-cert/shared/level-evaluations';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { QueryError } from '@/shared/components/query-error/query-error';
import { dictOptions, useDict } from '@/shared/dict/use-dict';
import { useAction, useConfirmOnce } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { type LogisticsPlan, useExamSessions, useSessionMutations } from '../api/exam-logistics';

const DATE_TIME = 'YYYY-MM-DD HH:mm';
const roomTypeFallback = Object.entries(roomTypeText).map(([value, label]) => ({
  label,
  value: Number(value),
}));

/** The first refusal of a shared body, as `{ field, message }` of the dialog's form. */
function firstIssue(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issue = result.success ? undefined : result.error?.issues[0];
  return issue ? { field: String(issue.path[0] ?? ''), message: issue.message } : null;
}

/**
 * 场次与考场: the plan's sessions (场次: a method, a start and an end) in time order, each with its rooms (考场: 笔试 /
 * 机考 / 实操, seats, address, invigilators, examiners of a practical room) and their seated counts, for a test plan or
 * an enterprise plan (its own API path). Changed while `can_edit_sessions`; the rules where national standards vary
 * (two invigilators a room, examiners in a practical room, a method without a session) are warnings, not refusals.
 */
export function ExamSessionsPanel({ plan }: { plan: LogisticsPlan }) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const sessions = useExamSessions(plan);
  const mutations = useSessionMutations(plan);
  const editable = plan.abilities.can_edit_sessions;
  const [sessionOf, setSessionOf] = useState<{ session: ExamSessionRow | null } | null>(null);
  const [roomOf, setRoomOf] = useState<{ room: ExamRoomRow | null; sessionId: string | null } | null>(null);

  if (sessions.isError) return <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />;
  const list = sessions.data?.sessions ?? [];

  const remove = (what: string, run: () => Promise<unknown>) =>
    confirmOnce({
      title: '提示',
      content: `确定删除${what}吗？`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () =>
        run().then(
          () => message.success('删除成功'),
          () => undefined,
        ),
    });

  const roomColumns = (session: ExamSessionRow): TableColumnsType<ExamRoomRow> => [
    { title: '考场', key: 'name', width: 160, render: (_, r) => `${r.code} ${r.name}` },
    { title: '类型', dataIndex: 'room_type_text', width: 70 },
    { title: '座位/已编排', key: 'seats', width: 100, render: (_, r) => `${r.seats} / ${r.seated_count}` },
    { title: '地址', dataIndex: 'address' },
    {
      title: '监考人员',
      dataIndex: 'invigilators',
      width: 160,
      render: (names: string[]) => names.join('、') || '-',
    },
    {
      title: '考评人员',
      dataIndex: 'examiners',
      width: 140,
      render: (names: string[]) => names.join('、') || '-',
    },
    {
      title: '提醒',
      dataIndex: 'warnings',
      width: 180,
      ellipsis: false,
      render: (warnings: string[]) =>
        warnings.length ? (
          <Space orientation="vertical" size={0}>
            {warnings.map((w) => (
              <Typography.Text key={w} type="warning" style={{ fontSize: 12 }}>
                {w}
              </Typography.Text>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 110,
            render: (_: unknown, r: ExamRoomRow) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setRoomOf({ room: r, sessionId: session._id })}
                >
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => remove(`考场“${r.name}”`, () => mutations.deleteRoom.mutateAsync(r._id))}
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {(sessions.data?.warnings.length ?? 0) > 0 && (
        <Alert
          type="warning"
          showIcon
          title="考务提醒（各地标准不同，仅作提醒，不影响保存）"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {sessions.data?.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
        />
      )}
      {editable && (
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setSessionOf({ session: null })}>
            新增场次
          </Button>
          <Button
            icon={<PlusOutlined />}
            disabled={list.length === 0}
            onClick={() => setRoomOf({ room: null, sessionId: list[0]?._id ?? null })}
          >
            新增考场
          </Button>
        </Space>
      )}
      {sessions.data && list.length === 0 && (
        <Empty description={editable ? '暂无场次，请先新增场次，再为场次新增考场' : '暂无场次'} />
      )}
      {list.map((session) => (
        <Card
          key={session._id}
          size="small"
          role="region"
          aria-label={`场次 ${session.code}`}
          title={
            <Space wrap>
              <span>{`场次 ${session.code}${session.name ? ` ${session.name}` : ''}`}</span>
              <Tag color="blue">{session.method_text}</Tag>
              <Typography.Text type="secondary">{`${session.start_time_str} 至 ${session.end_time_str}`}</Typography.Text>
              <Typography.Text type="secondary">{`座位 ${session.seat_total}，已编排 ${session.seated_count}`}</Typography.Text>
            </Space>
          }
          extra={
            editable && (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setRoomOf({ room: null, sessionId: session._id })}
                >
                  新增考场
                </Button>
                <Button type="link" size="small" onClick={() => setSessionOf({ session })}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    remove(`场次 ${session.code}（含其考场）`, () =>
                      mutations.deleteSession.mutateAsync(session._id),
                    )
                  }
                >
                  删除
                </Button>
              </Space>
            )
          }
        >
          <Table<ExamRoomRow>
            rowKey="_id"
            size="small"
            pagination={false}
            aria-label={`场次 ${session.code} 的考场`}
            columns={roomColumns(session)}
            dataSource={session.rooms}
            locale={{ emptyText: '暂无考场' }}
          />
        </Card>
      ))}
      <SessionDialog
        plan={plan}
        target={sessionOf}
        onClose={() => setSessionOf(null)}
        onSave={async (body, session) => {
          await mutations.saveSession.mutateAsync({ sessionId: session?._id ?? null, body });
          message.success(session ? '场次已保存' : '已新增场次');
          setSessionOf(null);
        }}
      />
      <RoomDialog
        sessions={list}
        target={roomOf}
        onClose={() => setRoomOf(null)}
        onSave={async (body, room) => {
          await mutations.saveRoom.mutateAsync({ roomId: room?._id ?? null, body });
          message.success(room ? '考场已保存' : '已新增考场');
          setRoomOf(null);
        }}
      />
    </Space>
  );
}

interface SessionValues {
  method?: number;
  name?: string;
  time?: [Dayjs | null, Dayjs | null] | null;
}

/** 新增场次 / 编辑场次: one of the plan's methods, a name, start and end ('YYYY-MM-DD HH:mm'). */
function SessionDialog({
  plan,
  target,
  onClose,
  onSave,
}: {
  plan: LogisticsPlan;
  target: { session: ExamSessionRow | null } | null;
  onClose: () => void;
  onSave: (
    body: { method: 1 | 2 | 3 | 4; name: string | null; start_time: string; end_time: string },
    session: ExamSessionRow | null,
  ) => Promise<void>;
}) {
  const [form] = Form.useForm<SessionValues>();
  const open = target !== null;
  const session = target?.session ?? null;
  const unsaved = useUnsavedForm(form, open);
  const save = useAction(async () => {
    // An invalid field shows its message under it.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      method: v.method as 1 | 2 | 3 | 4,
      name: v.name?.trim() || null,
      start_time: v.time?.[0]?.format(DATE_TIME) ?? '',
      end_time: v.time?.[1]?.format(DATE_TIME) ?? '',
    };
    const issue = firstIssue(examSessionBody.safeParse(body));
    if (issue) {
      form.setFields([
        {
          name: issue.field === 'method' ? 'method' : issue.field === 'name' ? 'name' : 'time',
          errors: [issue.message],
        },
      ]);
      return;
    }
    try {
      await unsaved.whileSaving(() => onSave(body, session));
    } catch {
      // shown by the client; what was typed stays
    }
  });
  return (
    <Modal
      title={session ? `编辑场次 ${session.code}` : '新增场次'}
      open={open}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.running}
      destroyOnHidden
      onCancel={() => unsaved.confirmDiscard(onClose)}
      onOk={() => void save.run()}
    >
      <Form<SessionValues>
        form={form}
        layout="vertical"
        preserve={false}
        aria-label="场次"
        initialValues={
          session
            ? {
                method: session.method,
                name: session.name ?? undefined,
                time: [dayjs(session.start_time_str), dayjs(session.end_time_str)],
              }
            : { method: plan.methods[0]?.method }
        }
      >
        <Form.Item name="method" label="评价方式" rules={[{ required: true, message: '请选择评价方式' }]}>
          <Select
            placeholder={plan.methods.length ? '请选择评价方式' : '请先在基本信息中选择评价方式'}
            options={plan.methods.map((m) => ({ label: m.method_text, value: m.method }))}
          />
        </Form.Item>
        <Form.Item name="name" label="场次名称" rules={[{ max: 50, message: '场次名称不能超过50个字符' }]}>
          <Input placeholder="选填，如：上午场" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="time"
          label="考试时间"
          rules={[{ required: true, message: '请选择开始时间和结束时间' }]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME}
            style={{ width: '100%' }}
            placeholder={['开始时间', '结束时间']}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface RoomValues {
  session_id?: string;
  name?: string;
  room_type?: 1 | 2 | 3;
  seats?: number | null;
  address?: string;
  invigilators?: string[];
  examiners?: string[];
}

/**
 * 新增考场 / 编辑考场: its session, name, type, seats, address, 监考人员 and (a practical room) 考评人员. Fewer than two
 * invigilators, or a practical room without examiners, is said beside the field and saved anyway.
 */
function RoomDialog({
  sessions,
  target,
  onClose,
  onSave,
}: {
  sessions: ExamSessionRow[];
  target: { room: ExamRoomRow | null; sessionId: string | null } | null;
  onClose: () => void;
  onSave: (body: ReturnType<typeof examRoomBody.parse>, room: ExamRoomRow | null) => Promise<void>;
}) {
  const [form] = Form.useForm<RoomValues>();
  const open = target !== null;
  const room = target?.room ?? null;
  const unsaved = useUnsavedForm(form, open);
  const { dict } = useDict('exam_room_type');
  const invigilators = Form.useWatch('invigilators', form) ?? room?.invigilators ?? [];
  const roomType = Form.useWatch('room_type', form) ?? room?.room_type;
  const examiners = Form.useWatch('examiners', form) ?? room?.examiners ?? [];
  const fewInvigilators = invigilators.length < MIN_INVIGILATORS;
  const practicalWithoutExaminers = roomType === RoomType.PRACTICAL && examiners.length === 0;

  const save = useAction(async () => {
    // An invalid field shows its message under it.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const parsed = examRoomBody.safeParse({
      session_id: v.session_id,
      name: v.name,
      room_type: v.room_type,
      seats: v.seats,
      address: v.address,
      invigilators: (v.invigilators ?? []).map((n) => n.trim()).filter(Boolean),
      examiners:
        v.room_type === RoomType.PRACTICAL ? (v.examiners ?? []).map((n) => n.trim()).filter(Boolean) : [],
    });
    if (!parsed.success) {
      const issue = firstIssue(parsed);
      if (issue) form.setFields([{ name: issue.field as keyof RoomValues, errors: [issue.message] }]);
      return;
    }
    try {
      await unsaved.whileSaving(() => onSave(parsed.data, room));
    } catch {
      // shown by the client; what was typed stays
    }
  });

  return (
    <Modal
      title={room ? `编辑考场 ${room.name}` : '新增考场'}
      open={open}
      width={680}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.running}
      destroyOnHidden
      onCancel={() => unsaved.confirmDiscard(onClose)}
      onOk={() => void save.run()}
    >
      <Form<RoomValues>
        form={form}
        layout="vertical"
        preserve={false}
        aria-label="考场"
        initialValues={
          room
            ? { ...room, session_id: target?.sessionId ?? undefined }
            : {
                session_id: target?.sessionId ?? undefined,
                room_type: RoomType.WRITTEN,
                invigilators: [],
                examiners: [],
              }
        }
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="session_id" label="场次" rules={[{ required: true, message: '请选择场次' }]}>
              <Select
                placeholder="请选择场次"
                disabled={room !== null && room.seated_count > 0}
                options={sessions.map((s) => ({
                  label: `场次 ${s.code} ${s.method_text}（${s.start_time_str}）`,
                  value: s._id,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="name"
              label="考场名称"
              rules={[
                { required: true, whitespace: true, message: '请输入考场名称' },
                { max: 50, message: '考场名称不能超过50个字符' },
              ]}
            >
              <Input placeholder="如：第一考场" maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="room_type"
              label="考场类型"
              rules={[{ required: true, message: '请选择考场类型' }]}
            >
              <Select options={dictOptions(dict.exam_room_type, roomTypeFallback)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="seats" label="座位数" rules={[{ required: true, message: '请输入座位数' }]}>
              <InputNumber min={1} max={ROOM_SEATS_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="address"
              label="考场地址"
              rules={[
                { required: true, whitespace: true, message: '请输入考场地址' },
                { max: 200, message: '考场地址不能超过200个字符' },
              ]}
            >
              <Input placeholder="如：一号实训楼 201 室" maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="invigilators"
              label="监考人员"
              validateStatus={fewInvigilators ? 'warning' : undefined}
              help={fewInvigilators ? `监考人员少于${MIN_INVIGILATORS}名（各地标准不同，可保存）` : undefined}
            >
              <Select mode="tags" placeholder="输入姓名后回车，可输入多名" open={false} suffixIcon={null} />
            </Form.Item>
          </Col>
          {roomType === RoomType.PRACTICAL && (
            <Col span={24}>
              <Form.Item
                name="examiners"
                label="考评人员"
                validateStatus={practicalWithoutExaminers ? 'warning' : undefined}
                help={practicalWithoutExaminers ? '实操考场尚未安排考评人员（可保存）' : undefined}
              >
                <Select mode="tags" placeholder="输入姓名后回车，可输入多名" open={false} suffixIcon={null} />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </Modal>
  );
}
