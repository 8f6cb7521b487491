import type { DashboardData } from '@skill-cert/shared/dashboard';
import { MAX_DASHBOARD_MONTHS, monthsBetween } from '@skill-cert/shared/dashboard';
import { Card, Col, DatePicker, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '@/shared/components/query-error/query-error';
import { usePermission } from '@/shared/permissions/permission';
import { type DashboardRange, useDashboard } from './api/dashboard';

const DashboardCharts = lazy(() => import('./components/dashboard-charts'));

const month = (d: Dayjs) => d.format('YYYY-MM');
const presets: { label: string; value: [Dayjs, Dayjs] }[] = [
  { label: '近 12 个月', value: [dayjs().subtract(11, 'month'), dayjs()] },
  { label: '今年', value: [dayjs().startOf('year'), dayjs()] },
  {
    label: '去年',
    value: [dayjs().subtract(1, 'year').startOf('year'), dayjs().subtract(1, 'year').endOf('year')],
  },
  { label: '近 3 年', value: [dayjs().subtract(35, 'month'), dayjs()] },
];

/** A figure; a link to the list behind it when there is one the user may open. */
function Figure({
  title,
  value,
  to,
  suffix,
}: {
  title: string;
  value: ReactNode;
  to?: string;
  suffix?: string;
}) {
  const figure = <Statistic title={title} value={value as number} suffix={suffix} />;
  return to ? (
    <Link to={to} aria-label={`${title}：${value}${suffix ?? ''}，查看列表`}>
      {figure}
    </Link>
  ) : (
    figure
  );
}

function Figures({ data }: { data: DashboardData }) {
  const companies = usePermission('platform:company:list');
  const reviews = usePermission('platform:review:list');
  const list = (query: string) => (companies ? `/company?${query}` : undefined);
  // 备案待审核 of a type: that kind in 审核中心 (the waiting list's key is the review kind).
  const waiting = (type: number) => {
    const kind = data.waiting[type - 1]?.key;
    return reviews && kind ? `/review?kind=${kind}` : undefined;
  };
  const t = data.totals;
  return (
    <Row gutter={[16, 16]}>
      {data.companies.map((c) => (
        <Col key={c.type} xs={24} lg={12}>
          <Card size="small" title={c.type_text}>
            <Row gutter={16}>
              <Col span={6}>
                <Figure title="总数" value={c.total} to={list(`type=${c.type}`)} />
              </Col>
              <Col span={6}>
                <Figure title="已备案" value={c.filed} />
              </Col>
              <Col span={6}>
                <Figure title="备案待审核" value={c.pending} to={waiting(c.type)} />
              </Col>
              <Col span={6}>
                <Figure title="已冻结" value={c.frozen} to={list(`type=${c.type}&status=0`)} />
              </Col>
            </Row>
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <Card size="small" title={`${data.start_month} 至 ${data.end_month}`}>
          <Row gutter={16}>
            <Col xs={12} md={6} xl={4}>
              <Figure title="评价计划" value={t.evaluations} />
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Figure title="考试计划" value={t.test_plans} />
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Figure title="发放证书" value={t.certificates} />
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Figure title="其中已撤销" value={t.revoked} />
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Figure title="考生（已审核成绩）" value={t.candidates} />
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Figure
                title="合格率"
                value={t.pass_rate ?? '—'}
                suffix={t.pass_rate === null ? undefined : '%'}
              />
            </Col>
          </Row>
        </Card>
      </Col>
    </Row>
  );
}

/**
 * 数据看板 (platform /dashboard): companies by type and state, and for a range of months the plans, certificates and
 * pass rates as figures and charts. The platform still lands on /company (spec §2).
 */
export function DashboardPage() {
  const [range, setRange] = useState<DashboardRange>({ start_month: '', end_month: '' });
  const dashboard = useDashboard(range);
  const data = dashboard.data;
  const picked: [Dayjs, Dayjs] | null = data
    ? [dayjs(`${data.start_month}-01`), dayjs(`${data.end_month}-01`)]
    : null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            数据看板
          </Typography.Title>
          <Space>
            <span>统计月份</span>
            <DatePicker.RangePicker
              picker="month"
              aria-label="统计月份"
              allowClear={false}
              value={picked}
              presets={presets}
              disabledDate={(d, info) =>
                d.isAfter(dayjs(), 'month') ||
                (info.from
                  ? Math.abs(monthsBetween(month(info.from), month(d))) >= MAX_DASHBOARD_MONTHS
                  : false)
              }
              onChange={(v) =>
                v?.[0] && v[1] && setRange({ start_month: month(v[0]), end_month: month(v[1]) })
              }
            />
          </Space>
        </Space>
      </Card>
      {dashboard.isError ? (
        <Card>
          <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        </Card>
      ) : !data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <div aria-busy={dashboard.isFetching}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Figures data={data} />
            <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
              <DashboardCharts data={data} />
            </Suspense>
          </Space>
        </div>
      )}
    </Space>
  );
}
