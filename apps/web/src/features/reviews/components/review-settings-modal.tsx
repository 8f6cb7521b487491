import { App, Modal, Spin, Switch, Table } from 'antd';
import { useEffect, useState } from 'react';
import { QueryError } from '@/shared/components/query-error/query-error';
import { useReviewSettings, useSaveReviewSettings } from '../api/reviews';

/** 审核设置: the two-step review (初审 / 复审) of each kind, switched on or off. */
export function ReviewSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const settings = useReviewSettings(open);
  const save = useSaveReviewSettings();
  const [twoStep, setTwoStep] = useState<Record<string, boolean>>({});
  useEffect(() => {
    if (open && settings.data)
      setTwoStep(Object.fromEntries(settings.data.kinds.map((k) => [k.kind, k.two_step])));
  }, [open, settings.data]);
  const kinds = settings.data?.kinds ?? [];
  return (
    <Modal
      open={open}
      title="审核设置"
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: save.isPending, disabled: !settings.data }}
      onCancel={onClose}
      onOk={() =>
        save
          .mutateAsync({ kinds: kinds.map((k) => ({ kind: k.kind, two_step: Boolean(twoStep[k.kind]) })) })
          .then(
            () => {
              message.success('保存成功');
              onClose();
            },
            () => undefined,
          )
      }
      destroyOnHidden
    >
      <p style={{ color: 'var(--ant-color-text-secondary)' }}>
        开启两级审核后，第一次“通过”为初审，须由另一位审核人员复审通过后才生效；任一步“驳回”即直接驳回。
      </p>
      {settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        <Table
          rowKey="kind"
          size="small"
          pagination={false}
          dataSource={kinds}
          columns={[
            { title: '审核类型', dataIndex: 'kind_text' },
            {
              title: '两级审核（初审 / 复审）',
              key: 'two_step',
              render: (_, k) => (
                <Switch
                  aria-label={`${k.kind_text}两级审核`}
                  checked={Boolean(twoStep[k.kind])}
                  onChange={(on) => setTwoStep((s) => ({ ...s, [k.kind]: on }))}
                />
              ),
            },
          ]}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
