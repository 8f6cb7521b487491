import { PlusOutlined } from '@ant-design/icons';
import {
  EvaluationStatus,
  evaluationStatusText,
  TEST_PLAN_STATUSES,
  type TestPlanRow,
} from '@skill-cert/shared/level-evaluations';
import { ALL_SKILL_LEVELS, skillLevelName } from '@skill-cert/shared/occupations';
import { App, Button, Empty, Form, Input, Modal, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { INSTITUTION_FILING, isNoFiling, NoFilingResult } from '@/shared/components/no-filing/no-filing';
import { dictOptions, useDict } from '@/shared/dict/use-dict';
import { useAction } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { usePermission } from '@/shared/permissions/permission';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { type TestPlanListQuery, useSaveTestPlan, useTestPlanOptions, useTestPlans } from './api/test-plans';
import { planColumns, TEST_PLAN_LABELS } from './components/plan-columns';
import { useTestPlanActions } from './components/test-plan-actions';
import { TEST_PLAN_NAME_RULES } from './components/test-plan-form';

type TestPlanFilters = Omit<TestPlanListQuery, 'page' | 'per_page'>;

/** Permission keys of the institution's test plans (docs/api.md "Permission keys"). */
export const TestPlanKey = {
  ADD: 'institution:test-plan:add',
  EDIT: 'institution:test-plan:edit',
} as const;

/** The states of a test plan, in order, until the dictionary `test_plan_status` has loaded. */
const statusFallback = TEST_PLAN_STATUSES.map((value) => ({ label: evaluationStatusText[value], value }));
const levelOptions = ALL_SKILL_LEVELS.map((l) => ({ label: skillLevelName(l), value: l }));
export const editorPath = (id: string, type?: number) =>
  `/test-plan/edit/${encodeURIComponent(id)}${type ? `?type=${type}` : ''}`;

/**
 * 考试计划 (机构端 /test-plan): the institution's plans, searched, filtered by state (the dictionary), occupation,
 * level and dates, paged; 新增考试计划 names a draft and opens its editor; 删除 a draft. Until the institution's
 * filing is approved the page says why (code 61) and leads to 备案中心.
 */
export function TestPlanListPage() {
  const navigate = useNavigate();
  const canAdd = usePermission(TestPlanKey.ADD);
  const canEdit = usePermission(TestPlanKey.EDIT);
  const { dict } = useDict('test_plan_status');
  const paged = usePagedSearch<TestPlanFilters>({
    keyword: '',
    status: null,
    occupation_code: null,
    level: null,
    start_date: '',
    end_date: '',
  });
  const plans = useTestPlans(paged.query);
  const blocked = plans.isError && isNoFiling(plans.error);
  const options = useTestPlanOptions(plans.isSuccess);
  const actions = useTestPlanActions();
  const [adding, setAdding] = useState(false);

  const occupationOptions = [
    ...new Map(
      (options.data?.filings ?? [])
        .flatMap((f) => f.scopes)
        .map((s) => [s.occupation_code, { label: s.occupation_name, value: s.occupation_code }]),
    ).values(),
  ];

  const columns: TableColumnsType<TestPlanRow> = [
    ...planColumns<TestPlanRow>(
      [
        {
          title: '报名时间',
          key: 'registration',
          width: 110,
          ellipsis: false,
          render: (_, r) =>
            r.registration_start_date ? (
              <span title={`${r.registration_start_date} 至 ${r.registration_end_date ?? ''}`}>
                {r.registration_start_date}
                <br />至 {r.registration_end_date ?? ''}
              </span>
            ) : (
              '-'
            ),
        },
        {
          title: '待审核',
          dataIndex: 'pending_examinee_count',
          width: 80,
          render: (n: number) => (n > 0 ? <Tag color="orange">{n}</Tag> : 0),
        },
      ],
      TEST_PLAN_LABELS,
    ),
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => navigate(editorPath(r._id))}>
            {canEdit && r.status === EvaluationStatus.DRAFT ? '编辑' : '查看'}
          </Button>
          {canEdit && r.status === EvaluationStatus.DRAFT && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                actions.confirmDelete(r, () => {
                  if (plans.data?.list.length === 1 && paged.query.page > 1)
                    paged.setPage(paged.query.page - 1);
                })
              }
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const addButton = canAdd && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
      新增考试计划
    </Button>
  );

  return (
    <ListPageCard title="考试计划">
      {blocked ? (
        <NoFilingResult error={plans.error} title="暂不能组织考试" filing={INSTITUTION_FILING} />
      ) : (
        <PagedSearchTable<TestPlanRow, TestPlanFilters>
          searchLabel="考试计划搜索"
          paged={paged}
          result={plans}
          columns={columns}
          locale={{ emptyText: <Empty description="暂无考试计划">{addButton}</Empty> }}
          filters={[
            { name: 'keyword', label: '关键词', placeholder: '考试计划名称或计划编号', width: 200 },
            {
              name: 'status',
              label: '状态',
              options: dictOptions(dict.test_plan_status, statusFallback),
              width: 130,
            },
            { name: 'occupation_code', label: '职业', options: occupationOptions, width: 150 },
            { name: 'level', label: '等级', options: levelOptions, width: 150 },
            { name: 'start_date', label: '考试日期', placeholder: '开始日期', date: true, width: 140 },
            { name: 'end_date', label: '至', placeholder: '结束日期', date: true, width: 140 },
          ]}
          toolbar={addButton}
        />
      )}
      <NewTestPlanDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(id) => {
          setAdding(false);
          navigate(editorPath(id));
        }}
      />
      {actions.dialog}
    </ListPageCard>
  );
}

/** 新增考试计划: a draft named first; its editor takes the rest. */
function NewTestPlanDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name?: string }>();
  const unsaved = useUnsavedForm(form, open);
  const save = useSaveTestPlan();
  const create = useAction(async () => {
    // An invalid field shows its message under it.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const plan = await unsaved.whileSaving(() =>
        save.mutateAsync({ id: null, body: { name: v.name?.trim() } }),
      );
      message.success('草稿已保存');
      onCreated(plan._id);
    } catch {
      // shown by the client; what was typed stays
    }
  });
  return (
    <Modal
      title="新增考试计划"
      open={open}
      okText="创建并编辑"
      cancelText="取消"
      confirmLoading={create.running}
      destroyOnHidden
      onCancel={() => unsaved.confirmDiscard(onClose)}
      onOk={() => void create.run()}
    >
      <Form form={form} layout="vertical" preserve={false} aria-label="新增考试计划">
        <Form.Item
          name="name"
          label="考试计划名称"
          rules={TEST_PLAN_NAME_RULES}
          extra="先保存为草稿，再在编辑页填写职业、评价方式、报名与考试时间等"
        >
          <Input placeholder="例如：2026年第一期电工四级考试" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
