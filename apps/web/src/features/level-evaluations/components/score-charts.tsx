import { candidateResultText, type EvaluationStatistics } from '@skill-cert/shared/level-evaluations';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const RESULT_COLORS = ['#52c41a', '#ff4d4f', '#bfbfbf', '#faad14', '#fa8c16', '#d9d9d9'];

/**
 * The distribution of a plan's results (recharts, loaded with this module only: the detail page imports it
 * lazily, so no chart code reaches the login page or the lists): results as a ring with the pass rate, and a
 * histogram of the scores of each method.
 */
export default function ScoreCharts({ statistics }: { statistics: EvaluationStatistics }) {
  const c = statistics.result_counts;
  const results = [
    { name: candidateResultText[1], value: c.pass },
    { name: candidateResultText[2], value: c.fail },
    { name: candidateResultText[3], value: c.absent },
    { name: candidateResultText[4], value: c.discipline },
    { name: candidateResultText[5], value: c.violation },
    { name: '未完成', value: c.pending },
  ];
  return (
    <Row gutter={[16, 16]} aria-label="成绩统计">
      <Col xs={24} lg={8}>
        <Card size="small" title="结果分布">
          {/* Among candidates whose result is complete: the title says how many that is. */}
          <Statistic
            title={`合格率（已出结果 ${statistics.candidate_count - c.pending} 人）`}
            value={statistics.candidate_count - c.pending > 0 ? (statistics.pass_rate * 100).toFixed(1) : '-'}
            suffix={statistics.candidate_count - c.pending > 0 ? '%' : undefined}
          />
          {statistics.candidate_count === 0 ? (
            <Empty description="暂无考生" />
          ) : (
            <ResponsiveContainer width="100%" height={200}>
              <PieChart>
                <Pie
                  data={results.filter((r) => r.value > 0)}
                  dataKey="value"
                  nameKey="name"
                  innerRadius={40}
                  outerRadius={62}
                  label={({ name, value }) => `${name} ${value}`}
                  isAnimationActive={false}
                >
                  {results
                    .map((r, i) => ({ ...r, color: RESULT_COLORS[i] }))
                    .filter((r) => r.value > 0)
                    .map((r) => (
                      <Cell key={r.name} fill={r.color} />
                    ))}
                </Pie>
                <Tooltip />
              </PieChart>
            </ResponsiveContainer>
          )}
        </Card>
      </Col>
      {statistics.methods.map((m) => (
        <Col key={m.method} xs={24} lg={8}>
          <Card
            size="small"
            title={`${m.method_text}成绩分布`}
            extra={m.average === null ? '平均分 -' : `平均分 ${m.average.toFixed(1)}`}
          >
            <ResponsiveContainer width="100%" height={230}>
              <BarChart data={m.buckets} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                {/* Ticks at each bucket's lower bound (0, 10 … 90 % of the full mark); the tooltip names the range. */}
                <XAxis
                  dataKey="label"
                  fontSize={12}
                  interval={0}
                  tickFormatter={(label: string) => label.split('%')[0]}
                  label={{ value: '得分率（%）', position: 'insideBottom', offset: -4, fontSize: 12 }}
                  height={40}
                />
                <YAxis allowDecimals={false} fontSize={11} />
                <Tooltip
                  formatter={(v) => [`${v} 人`, '人数']}
                  labelFormatter={(label) => `得分率 ${label}`}
                />
                <Bar dataKey="count" fill="#1677ff" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
