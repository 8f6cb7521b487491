import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import {
  type CandidateRow,
  candidateInput,
  candidateTypeText,
  EDUCATION_OPTIONS,
  type ImportResult,
  idNumberProblem,
  idTypeText,
  type LevelEvaluationDetail,
} from '@skill-cert/shared/levelEvaluation';
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
} from 'antd';
import { useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import {
  type CandidateQuery,
  candidateFileRoutes,
  useCandidateMutations,
  useCandidates,
  useStaffOptions,
} from '../api/candidates';
import { CandidatePhoto, type PhotoResult, PhotoResultView } from './candidate-photo';
import { ImportResultView, SheetImport } from './sheet-import';

type CandidateFilters = Omit<CandidateQuery, 'page' | 'per_page'>;

const option = (texts: Record<number, string>) =>
  Object.entries(texts).map(([value, label]) => ({ label, value: Number(value) }));

/**
 * 考生名单: the plan's candidates, and while they may change (草稿, 已驳回, 进行中) adding from the staff (picker
 * with search), adding one by hand, importing a sheet (template, error report) and photos (one by one or a zip).
 */
export function CandidatePanel({ plan }: { plan: LevelEvaluationDetail }) {
  const { message, modal } = App.useApp();
  const paged = usePagedSearch<CandidateFilters>({ keyword: '' });
  const candidates = useCandidates(plan._id, paged.query);
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
                  modal.confirm({
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
                hint="证件号码列请保持文本格式；有错误的表格不会导入任何数据，可下载错误报告修改后重新导入。"
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
        onAdd={async (ids) => {
          await mutations.add.mutateAsync(ids.map((user_id) => ({ user_id })));
          message.success(`已添加 ${ids.length} 名考生`);
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

/** Members of the company not yet candidates, found by name or phone. */
function StaffPicker({
  planId,
  open,
  onClose,
  onAdd,
}: {
  planId: string;
  open: boolean;
  onClose: () => void;
  onAdd: (userIds: string[]) => Promise<void>;
}) {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const staff = useStaffOptions(planId, keyword, open);
  return (
    <Modal
      title="从员工添加考生"
      open={open}
      onCancel={onClose}
      okText="添加"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: picked.length === 0 }}
      afterOpenChange={(visible) => {
        if (!visible) setPicked([]);
      }}
      onOk={async () => {
        setBusy(true);
        try {
          await onAdd(picked);
        } catch {
          // shown by the client; the choice stays
        } finally {
          setBusy(false);
        }
      }}
    >
      <Select
        mode="multiple"
        aria-label="选择员工"
        style={{ width: '100%' }}
        placeholder="输入姓名或手机号搜索员工"
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        loading={staff.isFetching}
        value={picked}
        onChange={setPicked}
        notFoundContent={staff.isFetching ? '搜索中…' : '没有可添加的员工'}
        options={(staff.data?.list ?? []).map((s) => ({
          label: `${s.name}（${s.phone}）`,
          value: s.user_id,
        }))}
      />
    </Modal>
  );
}

interface CandidateFormValues {
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

/** One candidate typed in; the ID number is checked as the server checks it (checksum, scientific notation). */
function CandidateDialog({
  open,
  onClose,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  onAdd: (candidate: Record<string, unknown>) => Promise<void>;
}) {
  const [form] = Form.useForm<CandidateFormValues>();
  const [busy, setBusy] = useState(false);
  const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  return (
    <Modal
      title="添加考生"
      open={open}
      width={720}
      onCancel={onClose}
      okText="添加"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onOk={async () => {
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
        setBusy(true);
        try {
          await onAdd(body);
        } catch {
          // shown by the client; what was typed stays
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ id_type: 1, candidate_type: 1 }}>
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
          <Col span={12}>
            <Form.Item name="id_type" label="证件类型">
              <Select options={option(idTypeText)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="id_number"
              label="证件号码"
              dependencies={['id_type']}
              rules={[
                ({ getFieldValue }) => ({
                  required: true,
                  validator: async (_r, v: string | undefined) => {
                    const problem = idNumberProblem(getFieldValue('id_type') ?? 1, v ?? '');
                    if (problem) throw new Error(problem);
                  },
                }),
              ]}
            >
              <Input maxLength={30} />
            </Form.Item>
          </Col>
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
