import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import {
  type CandidateRow,
  candidateInput,
  candidateTypeText,
  EDUCATION_OPTIONS,
  IdType,
  type ImportResult,
  type LevelEvaluationDetail,
} from '@skill-cert/shared/level-evaluations';
import {
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { IdentityFields } from '@/shared/components/identity-fields';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { ImportResultView, SheetImport } from '@/shared/components/upload/sheet-import';
import { useAction, useConfirmOnce } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import {
  type CandidateQuery,
  candidateFileRoutes,
  type StaffOption,
  useCandidateMutations,
  useCandidates,
  useStaffOptions,
} from '../api/candidates';
import { CandidatePhoto, type PhotoResult, PhotoResultView } from './candidate-photo';

type CandidateFilters = Omit<CandidateQuery, 'page' | 'per_page'>;

const option = (texts: Record<number, string>) =>
  Object.entries(texts).map(([value, label]) => ({ label, value: Number(value) }));

/**
 * 考生名单: the plan's candidates, and while they may change (草稿, 已驳回, 进行中) adding from the staff (picker
 * with search), adding one by hand, importing a sheet (template, error report) and photos (one by one or a zip).
 */
export function CandidatePanel({ plan }: { plan: LevelEvaluationDetail }) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const paged = usePagedSearch<CandidateFilters>({ keyword: '' });
  const candidates = useCandidates(plan, paged.query);
  const mutations = useCandidateMutations(plan._id);
  const routes = candidateFileRoutes(plan._id);
  const editable = plan.abilities.can_edit_candidates;
  const [picking, setPicking] = useState(false);
  const [adding, setAdding] = useState(false);

  const columns: TableColumnsType<CandidateRow> = [
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '证件类型', dataIndex: 'id_type_text', width: 120 },
    { title: '证件号码', dataIndex: 'id_number', width: 190 },
    { title: '性别', dataIndex: 'gender_text', width: 70, render: (t: string | null) => t ?? '-' },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (t: string | null) => t ?? '-' },
    { title: '工作单位/部门', dataIndex: 'work_unit', render: (t: string | null) => t ?? '-' },
    { title: '考生类型', dataIndex: 'candidate_type_text', width: 90 },
    {
      title: '照片',
      key: 'photo',
      width: 130,
      ellipsis: false,
      render: (_, r) => (
        <CandidatePhoto
          candidate={r}
          url={routes.photo(r._id)}
          editable={editable}
          onSaved={() => {
            message.success(`已保存 ${r.name} 的照片`);
            mutations.refresh();
          }}
        />
      ),
    },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, r: CandidateRow) => (
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  confirmOnce({
                    title: '提示',
                    content: `确定移除考生 ${r.name}（${r.id_number}）吗？其成绩一并删除。`,
                    okText: '确定',
                    cancelText: '取消',
                    okButtonProps: { danger: true },
                    onOk: () =>
                      mutations.remove.mutateAsync(r._id).then(
                        () => message.success('已移除'),
                        () => undefined,
                      ),
                  })
                }
              >
                移除
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PagedSearchTable<CandidateRow, CandidateFilters>
        searchLabel="考生搜索"
        paged={paged}
        result={candidates}
        columns={columns}
        size="small"
        filters={[{ name: 'keyword', label: '关键词', placeholder: '姓名、证件号码或手机号', width: 200 }]}
        toolbar={
          editable && (
            <Space wrap>
              <Button type="primary" icon={<TeamOutlined />} onClick={() => setPicking(true)}>
                从员工添加
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                添加考生
              </Button>
              <SheetImport<ImportResult>
                title="导入考生"
                extension="xlsx"
                url={routes.import}
                template={{ url: routes.template, name: '考生名单模板.xlsx' }}
                hint="模板第 2 行是示例，请删除后填写；证件号码列请保持文本格式；有错误的表格不会导入任何数据，可下载错误报告修改后重新导入。"
                renderResult={(result) => <ImportResultView result={result} />}
                onDone={mutations.refresh}
              />
              <SheetImport<PhotoResult>
                title="导入照片"
                extension="zip"
                url={routes.photos}
                hint="压缩包内每张照片以考生证件号码（或 姓名-证件号码）命名，如 110101199001010011.jpg，1寸证件照。"
                renderResult={(result) => <PhotoResultView result={result} />}
                onDone={mutations.refresh}
              />
            </Space>
          )
        }
      />
      <StaffPicker
        planId={plan._id}
        open={picking}
        onClose={() => setPicking(false)}
        onAdd={async (members) => {
          await mutations.add.mutateAsync(members);
          message.success(`已添加 ${members.length} 名考生`);
          setPicking(false);
        }}
      />
      <CandidateDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdd={async (candidate) => {
          await mutations.add.mutateAsync([candidate]);
          message.success('已添加考生');
          setAdding(false);
        }}
      />
    </>
  );
}

/** A picked member as the dialog asks for them: the account's name (editable), the ID number it does not know. */
interface PickedMember {
  user_id: string;
  name: string;
  phone: string;
  id_type: number;
  id_number: string;
}

/**
 * Members of the company not yet candidates, found by name or phone. A member's account knows the name and phone
 * (filled in, the name editable: the certificate prints the name on the ID card) but not the ID number, asked for
 * each one and checked as the server checks it.
 */
function StaffPicker({
  planId,
  open,
  onClose,
  onAdd,
}: {
  planId: string;
  open: boolean;
  onClose: () => void;
  onAdd: (candidates: Record<string, unknown>[]) => Promise<void>;
}) {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<StaffOption[]>([]);
  const [form] = Form.useForm<{ members: PickedMember[] }>();
  const [busy, setBusy] = useState(false);
  const staff = useStaffOptions(planId, keyword, open);
  const options = staff.data?.list ?? [];

  const pick = (ids: string[]) => {
    const known = new Map([...picked, ...options].map((s) => [s.user_id, s]));
    const next = ids.flatMap((id) => known.get(id) ?? []);
    // What was typed for a member already picked stays.
    const typed = new Map((form.getFieldValue('members') ?? []).map((m: PickedMember) => [m.user_id, m]));
    form.setFieldValue(
      'members',
      next.map(
        (s) =>
          typed.get(s.user_id) ?? {
            user_id: s.user_id,
            name: s.name,
            phone: s.phone,
            id_type: IdType.RESIDENT,
            id_number: '',
          },
      ),
    );
    setPicked(next);
  };

  return (
    <Modal
      title="从员工添加考生"
      open={open}
      width={760}
      onCancel={onClose}
      okText="添加"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: picked.length === 0 }}
      afterOpenChange={(visible) => {
        if (!visible) {
          setPicked([]);
          form.resetFields();
        }
      }}
      onOk={async () => {
        // An invalid field shows its message under it.
        if (!(await form.validateFields().catch(() => null))) return;
        // The whole store: user_id and phone are kept beside the fields, not in them.
        const members: PickedMember[] = form.getFieldValue('members') ?? [];
        const body = members.map((m) => ({
          user_id: m.user_id,
          name: m.name.trim(),
          id_type: m.id_type,
          id_number: m.id_number.trim().toUpperCase(),
          phone: m.phone || null,
        }));
        setBusy(true);
        try {
          await onAdd(body);
        } catch {
          // shown by the client; the choice and what was typed stay
        } finally {
          setBusy(false);
        }
      }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          mode="multiple"
          aria-label="选择员工"
          style={{ width: '100%' }}
          placeholder="输入姓名或手机号搜索员工"
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          loading={staff.isFetching}
          value={picked.map((p) => p.user_id)}
          onChange={pick}
          notFoundContent={staff.isFetching ? '搜索中…' : '没有可添加的员工'}
          options={[...picked.filter((p) => !options.some((o) => o.user_id === p.user_id)), ...options].map(
            (s) => ({ label: `${s.name}（${s.phone}）`, value: s.user_id }),
          )}
        />
        {picked.length > 0 && (
          <Typography.Text type="secondary">
            请填写每位员工的证件号码（账号中没有证件号码）；姓名以证件上的为准，可修改。
          </Typography.Text>
        )}
        <Form form={form} layout="vertical" component={false}>
          <Form.List name="members">
            {(fields) =>
              fields.map((field) => {
                const member: PickedMember | undefined = form.getFieldValue(['members', field.name]);
                // Labelled by the account's name, which stays while the name field is edited.
                const who = picked.find((p) => p.user_id === member?.user_id)?.name ?? '员工';
                return (
                  <Row key={field.key} gutter={12} align="top">
                    <Col span={6}>
                      <Form.Item
                        name={[field.name, 'name']}
                        label="姓名"
                        rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
                      >
                        <Input maxLength={32} aria-label={`${who}的姓名`} />
                      </Form.Item>
                    </Col>
                    <IdentityFields row={{ list: 'members', index: field.name }} who={who} spans={[6, 7]} />
                    <Col span={5}>
                      <Form.Item label="手机号">
                        <Typography.Text>{member?.phone || '-'}</Typography.Text>
                      </Form.Item>
                    </Col>
                  </Row>
                );
              })
            }
          </Form.List>
        </Form>
      </Space>
    </Modal>
  );
}

export interface CandidateFormValues {
  name?: string;
  id_type?: number;
  id_number?: string;
  phone?: string;
  education?: string;
  work_unit?: string;
  post?: string;
  work_years?: number | null;
  qualification?: string;
  candidate_type?: number;
}

/**
 * One candidate (an examinee) typed in, or one being corrected; the ID number is checked as the server checks it
 * (checksum, scientific notation).
 */
export function CandidateDialog({
  open,
  onClose,
  onAdd,
  title = '添加考生',
  okText = '添加',
  initialValues,
}: {
  open: boolean;
  onClose: () => void;
  onAdd: (candidate: Record<string, unknown>) => Promise<void>;
  title?: string;
  okText?: string;
  initialValues?: CandidateFormValues;
}) {
  const [form] = Form.useForm<CandidateFormValues>();
  const unsaved = useUnsavedForm(form, open);
  const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  const add = useAction(async () => {
    // An invalid field shows its message under it.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      name: v.name?.trim() ?? '',
      id_type: v.id_type ?? 1,
      id_number: v.id_number?.trim() ?? '',
      phone: text(v.phone),
      education: text(v.education),
      work_unit: text(v.work_unit),
      post: text(v.post),
      work_years: v.work_years ?? null,
      qualification: text(v.qualification),
      candidate_type: v.candidate_type ?? 1,
    };
    const parsed = candidateInput.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      form.setFields([
        {
          name: (issue?.path[0] ?? 'name') as keyof CandidateFormValues,
          errors: [issue?.message ?? '格式不正确'],
        },
      ]);
      return;
    }
    try {
      await unsaved.whileSaving(() => onAdd(body));
    } catch {
      // shown by the client; what was typed stays
    }
  });
  return (
    <Modal
      title={title}
      open={open}
      width={720}
      onCancel={() => unsaved.confirmDiscard(onClose)}
      okText={okText}
      cancelText="取消"
      confirmLoading={add.running}
      destroyOnHidden
      onOk={() => void add.run()}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        aria-label={title}
        initialValues={{ id_type: 1, candidate_type: 1, ...initialValues }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="name"
              label="姓名"
              rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
            >
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <IdentityFields spans={[12, 12]} />
          <Col span={12}>
            <Form.Item name="phone" label="手机号">
              <Input maxLength={11} placeholder="选填" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="education" label="文化程度">
              <Select
                allowClear
                placeholder="选填"
                options={EDUCATION_OPTIONS.map((e) => ({ label: e, value: e }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="work_unit" label="工作单位/部门">
              <Input maxLength={100} placeholder="选填" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="post" label="岗位">
              <Input maxLength={50} placeholder="选填" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="work_years" label="工作年限">
              <InputNumber min={0} max={60} style={{ width: '100%' }} placeholder="选填" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="qualification" label="申报条件">
              <Input maxLength={200} placeholder="选填" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="candidate_type" label="考生类型">
              <Select options={option(candidateTypeText)} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
