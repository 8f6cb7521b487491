import { PlusOutlined } from '@ant-design/icons';
import type { CustomCertificateTemplate } from '@skill-cert/shared/custom-certificates';
import { App, Button, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { notify } from '@/shared/components/notice/notice';
import { downloadFile } from '@/shared/files';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { errorMessage } from '@/shared/http';
import { previewTemplate, useDeleteTemplate, useTemplates, zipTemplateUrl } from '../api/templates';
import { bodyOfTemplate } from '../lib/designer-model';
import { TemplateDesigner } from './template-designer';
import { usePdfPreview } from './use-pdf-preview';

interface TemplateFilters {
  template_name: string;
}

const orientationText = { landscape: '横向', portrait: '纵向' } as const;

/** 证书模板: the company's templates with search; 新建模板, 编辑, 预览, 下载批量模板, 删除 (after a confirmation). */
export function TemplateList() {
  const paged = usePagedSearch<TemplateFilters>({ template_name: '' });
  const templates = useTemplates(paged.query);
  /** undefined: closed; null: a new template; else the template being edited. */
  const [designing, setDesigning] = useState<CustomCertificateTemplate | null | undefined>(undefined);
  const [busy, setBusy] = useState<string | null>(null);
  const { message, modal } = App.useApp();
  const { showPdf, previewDialog } = usePdfPreview();
  const remove = useDeleteTemplate();

  const askDelete = (template: CustomCertificateTemplate) =>
    modal.confirm({
      title: '删除模板',
      content: `确定删除模板“${template.template_name}”吗？删除后不能恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        remove
          .mutateAsync(template._id)
          .then(() => {
            message.success('模板已删除');
            // The last row of a later page: the page before it.
            if (templates.data?.list.length === 1 && paged.query.page > 1)
              paged.setPage(paged.query.page - 1);
          })
          // The client showed the refusal (a template certificates were made from); the dialog closes.
          .catch(() => undefined),
    });

  const preview = async (template: CustomCertificateTemplate) => {
    setBusy(`preview:${template._id}`);
    try {
      showPdf(await previewTemplate(bodyOfTemplate(template)), `${template.template_name}（预览）.pdf`);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const downloadZip = async (template: CustomCertificateTemplate) => {
    setBusy(`zip:${template._id}`);
    try {
      await downloadFile(zipTemplateUrl(template._id), `${template.template_name}-批量模板.zip`);
    } catch (error) {
      notify('下载', false, errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumnsType<CustomCertificateTemplate> = [
    {
      title: '底图',
      dataIndex: 'background_web_path',
      width: 110,
      render: (src: string, template) => (
        <img
          src={src}
          alt={`${template.template_name}底图`}
          style={{ width: 88, height: 62, objectFit: 'contain', background: '#f5f5f5', borderRadius: 4 }}
        />
      ),
    },
    { title: '模板名称', dataIndex: 'template_name' },
    {
      title: '纸张',
      key: 'page',
      width: 110,
      render: (_, t) => `${t.page_size} ${orientationText[t.orientation] ?? ''}`,
    },
    { title: '字段数', key: 'blanks', width: 80, render: (_, t) => t.blanks.length },
    { title: '更新时间', dataIndex: 'update_time_str', width: 180 },
    {
      title: '操作',
      key: 'actions',
      width: 290,
      render: (_, template) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDesigning(template)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            loading={busy === `preview:${template._id}`}
            onClick={() => void preview(template)}
          >
            预览
          </Button>
          <Button
            type="link"
            size="small"
            loading={busy === `zip:${template._id}`}
            onClick={() => void downloadZip(template)}
          >
            下载批量模板
          </Button>
          <Button type="link" size="small" danger onClick={() => askDelete(template)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedSearchTable<CustomCertificateTemplate, TemplateFilters>
        searchLabel="模板搜索"
        paged={paged}
        result={templates}
        columns={columns}
        filters={[{ name: 'template_name', label: '模板名称', placeholder: '请输入模板名称' }]}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDesigning(null)}>
            新建模板
          </Button>
        }
      />
      {designing !== undefined && (
        <TemplateDesigner template={designing} onClose={() => setDesigning(undefined)} />
      )}
      {previewDialog}
    </>
  );
}
