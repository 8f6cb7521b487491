import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/provider';
import { detail } from '@/test/records';
import { allWithRole, nameOf, valueBeside } from '@/test/ui';
import { RecordApplicationContent } from './record-application-content';

const rejected = detail({
  status: 3,
  status_text: '已驳回',
  reject_reason: '考评员资格证明不全',
  basis_file: { file_id: 'f9', webPath: '/api/files/f9', originName: '企业评价规范.pdf' },
});

const show = (variant: 'page' | 'drawer', d = rejected) =>
  render(
    <AppProviders>
      <RecordApplicationContent detail={d} variant={variant} />
    </AppProviders>,
  );

describe('RecordApplicationContent', () => {
  it('shows every part of the application with counts, and its timeline', () => {
    show('page');
    expect(screen.getByText('BA20260102ABCDEF')).toBeInTheDocument();
    expect(screen.getByText('已驳回')).toBeInTheDocument();
    expect(screen.getByText('评价范围（1）')).toBeInTheDocument();
    expect(screen.getByText('考核场地（1）')).toBeInTheDocument();
    expect(screen.getByText('考评员（1）')).toBeInTheDocument();
    expect(screen.getByText('质量督导员（1）')).toBeInTheDocument();
    expect(screen.getByText('浙江省 / 杭州市 / 西湖区')).toBeInTheDocument();
    expect(screen.getByText('张考评')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('办理记录', { selector: 'ol' })).getByText('创建申请'),
    ).toBeInTheDocument();
  });

  it('the page variant is cards and leaves the rejection reason to the page', () => {
    show('page');
    // Each card a region named by its title.
    expect(allWithRole(document, 'region').map(nameOf)).toEqual([
      '基本信息',
      '评价范围（1）',
      '考核场地（1）',
      '考评员（1）',
      '质量督导员（1）',
      '办理记录',
    ]);
    expect(screen.getByText('创建时间')).toBeInTheDocument();
    expect(screen.queryByText('考评员资格证明不全')).toBeNull();
  });

  it('the drawer variant is plain sections with the rejection reason among the facts', () => {
    show('drawer');
    expect(allWithRole(document, 'region')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: '基本信息' })).toBeInTheDocument();
    expect(screen.getByText('驳回原因')).toBeInTheDocument();
    expect(screen.getByText('考评员资格证明不全')).toBeInTheDocument();
  });

  it('an approved filing shows its 评价机构代码, 省份代码 and each site’s 考核站点代码', () => {
    show('page', detail({ status: 2, status_text: '已通过' }));
    expect(screen.getByText('评价机构代码')).toBeInTheDocument();
    expect(screen.getByText('0001')).toBeInTheDocument();
    expect(screen.getByText('省份代码')).toBeInTheDocument();
    expect(screen.getByText('33')).toBeInTheDocument();
    expect(screen.getByText('考核站点代码')).toBeInTheDocument();
    expect(screen.getByText('000001')).toBeInTheDocument();
  });

  it('the reviewer sees the proposal marked 拟分配', () => {
    show('drawer', detail({ status: 1, codes_proposed: true }));
    expect(screen.getByText('0001（拟分配）')).toBeInTheDocument();
  });

  it('without any step yet the timeline says 暂无记录', () => {
    show('drawer', detail({ timeline: [] }));
    expect(screen.getByText('暂无记录')).toBeInTheDocument();
    expect(screen.queryByLabelText('办理记录')).toBeNull();
  });

  it('a file name opens it in the preview dialog; no attachment reads --', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 })),
    );
    show('page');
    expect(valueBeside(screen.getByText('附件'))).toHaveTextContent(/^--$/);
    await userEvent.click(screen.getByRole('button', { name: '企业评价规范.pdf' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('企业评价规范.pdf');
    vi.unstubAllGlobals();
  });
});
