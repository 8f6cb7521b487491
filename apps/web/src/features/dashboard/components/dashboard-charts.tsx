import type { DashboardData, KeyCount } from '@skill-cert/shared/dashboard';
import { Card, Col, Empty, Row } from 'antd';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const COLORS = [
  '#1677ff',
  '#52c41a',
  '#faad14',
  '#722ed1',
  '#13c2c2',
  '#eb2f96',
  '#fa8c16',
  '#a0d911',
  '#2f54eb',
  '#f5222d',
  '#bfbfbf',
];
const HEIGHT = 260;
/** Month labels as `2026-03` → `26/03`: twelve of them fit under a half-width chart. */
const shortMonth = (m: string) => `${m.slice(2, 4)}/${m.slice(5)}`;

function ChartCard({
  title,
  empty,
  children,
}: {
  title: string;
  empty: boolean;
  children: React.ReactElement;
}) {
  return (
    <Card size="small" title={title} role="figure" aria-label={title}>
      {empty ? (
        <Empty description="所选时间范围内暂无数据" style={{ height: HEIGHT - 40 }} />
      ) : (
        <ResponsiveContainer width="100%" height={HEIGHT}>
          {children}
        </ResponsiveContainer>
      )}
    </Card>
  );
}

function KeyBars({ rows, name }: { rows: KeyCount[]; name: string }) {
  return (
    <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" allowDecimals={false} />
      <YAxis type="category" dataKey="label" width={96} tick={{ fontSize: 12 }} />
      <Tooltip />
      <Bar dataKey="count" name={name} fill="#1677ff" isAnimationActive={false} />
    </BarChart>
  );
}

/**
 * The dashboard's charts (recharts, loaded with this page only): plans per month, certificates per month, pass rates,
 * and the range's certificates by level, occupation and province.
 */
export default function DashboardCharts({ data }: { data: DashboardData }) {
  const months = data.months.map((m) => ({ ...m, label: shortMonth(m.month) }));
  const none = (pick: (m: DashboardData['months'][number]) => number) => months.every((m) => pick(m) === 0);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <ChartCard title="每月评价计划与考试计划" empty={none((m) => m.evaluations + m.test_plans)}>
          <BarChart data={months} margin={{ top: 8, right: 8, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip labelFormatter={(_, p) => p?.[0]?.payload.month ?? ''} />
            <Legend />
            <Bar dataKey="evaluations" name="评价计划" fill="#1677ff" isAnimationActive={false} />
            <Bar dataKey="test_plans" name="考试计划" fill="#13c2c2" isAnimationActive={false} />
          </BarChart>
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title="每月发放证书" empty={none((m) => m.certificates)}>
          <BarChart data={months} margin={{ top: 8, right: 8, bottom: 4, left: -8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip labelFormatter={(_, p) => p?.[0]?.payload.month ?? ''} />
            <Legend />
            <Bar dataKey="certificates" name="发放" fill="#52c41a" isAnimationActive={false} />
            <Bar dataKey="revoked" name="其中已撤销" fill="#ff4d4f" isAnimationActive={false} />
          </BarChart>
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title="每月合格率（%）" empty={none((m) => m.candidates)}>
          <LineChart data={months} margin={{ top: 8, right: 16, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis domain={[0, 100]} />
            <Tooltip
              labelFormatter={(_, p) => p?.[0]?.payload.month ?? ''}
              formatter={(value, _name, p) =>
                value === null || value === undefined
                  ? ['—', '合格率']
                  : [`${value}%（${p.payload.passed}/${p.payload.candidates} 人）`, '合格率']
              }
            />
            <Line dataKey="pass_rate" name="合格率" stroke="#722ed1" connectNulls isAnimationActive={false} />
          </LineChart>
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title="证书等级分布" empty={data.by_level.length === 0}>
          <PieChart>
            <Pie
              data={data.by_level}
              dataKey="count"
              nameKey="label"
              innerRadius={50}
              outerRadius={90}
              label={({ name, value }) => `${name} ${value}`}
              isAnimationActive={false}
            >
              {data.by_level.map((r, i) => (
                <Cell key={r.key || 'none'} fill={COLORS[i % COLORS.length]} />
              ))}
            </Pie>
            <Tooltip />
          </PieChart>
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title="证书职业分布（前 10）" empty={data.by_occupation.length === 0}>
          <KeyBars rows={data.by_occupation} name="证书数" />
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title="证书省份分布" empty={data.by_province.length === 0}>
          <KeyBars rows={data.by_province.slice(0, 12)} name="证书数" />
        </ChartCard>
      </Col>
    </Row>
  );
}
