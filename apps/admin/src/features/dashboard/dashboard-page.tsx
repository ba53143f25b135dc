import type { DashboardSummary } from '@c2c/shared';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from 'wouter';
import { formatDecimal, formatUsdt } from '../../lib/format';
import { useDashboard } from './dashboard-api';

/** "3 h", "2 d", "12 min": how long the oldest item of a queue has waited. */
function formatAge(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}

/**
 * Whole USDT of a wire amount, for a chart's geometry only: the integer part of the decimal string, so no money is
 * ever parsed as a float; the tooltips show the exact amounts.
 */
const wholeUsdt = (amount: string): number => Number(BigInt(amount.split('.')[0] ?? '0'));

const QUEUES = [
  { key: 'recharge', title: 'Recharges to review', path: '/recharges' },
  { key: 'withdraw', title: 'Withdrawals to review', path: '/withdrawals' },
  { key: 'saleu', title: 'Sales to merchants to review', path: '/merchant-sales' },
  { key: 'dispute', title: 'Disputed trades', path: '/disputes' },
] as const;

const LIABILITIES = [
  { key: 'total', title: 'Owed to customers (total)' },
  { key: 'available', title: 'Available' },
  { key: 'frozen', title: 'Frozen (withdrawals, sales)' },
  { key: 'escrow', title: 'Escrow (listings, trades)' },
  { key: 'interest', title: 'Interest products' },
] as const;

export function DashboardPage() {
  const summary = useDashboard();
  if (summary.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (summary.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title="The dashboard could not be loaded"
        description={summary.error.message}
        action={<Button onClick={() => summary.refetch()}>Retry</Button>}
      />
    );
  return <Dashboard data={summary.data} />;
}

function Dashboard({ data }: { data: DashboardSummary }) {
  return (
    <Flex vertical gap={16} data-testid="dashboard">
      <Card title="Customer liabilities (from the ledger)">
        <Row gutter={[16, 16]}>
          {LIABILITIES.map((l) => (
            <Col key={l.key} xs={12} md={8} xl={4}>
              <Statistic title={l.title} value={formatUsdt(data.liabilities[l.key])} />
            </Col>
          ))}
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          Platform accounts:{' '}
          {data.platform.map((p, i) => (
            <span key={p.kind}>
              {i > 0 && ' · '}
              {p.kind} {formatUsdt(p.balance)}
            </span>
          ))}
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]}>
        {QUEUES.map((q) => {
          const queue = data.queues[q.key];
          return (
            <Col key={q.key} xs={24} md={12} xl={6}>
              <Link href={q.path} style={{ display: 'block' }}>
                <Card hoverable data-testid={`queue-${q.key}`}>
                  <Statistic title={q.title} value={queue.count} />
                  <Typography.Text type={queue.count > 0 ? 'warning' : 'secondary'}>
                    {queue.count > 0 ? `oldest: ${formatAge(queue.oldest_seconds)}` : 'nothing waiting'}
                  </Typography.Text>
                </Card>
              </Link>
            </Col>
          );
        })}
      </Row>
      <Charts days={data.days} />
    </Flex>
  );
}

function Charts({ days }: { days: DashboardSummary['days'] }) {
  const points = days.map((d) => ({
    day: d.day.slice(5),
    Recharges: wholeUsdt(d.recharge_amount),
    Withdrawals: wholeUsdt(d.withdraw_amount),
    'Sales to merchants': wholeUsdt(d.sale_amount),
    Trades: wholeUsdt(d.trade_amount),
    recharge_count: d.recharge_count,
    trade_count: d.trade_count,
    'New customers': d.new_users,
    exact: d,
  }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <DayChart
          title="Money per day, last 30 days (UTC, whole USDT)"
          Chart={BarChart}
          points={points}
          tooltip={<MoneyTooltip />}
        >
          <Bar dataKey="Recharges" fill="#1677ff" />
          <Bar dataKey="Withdrawals" fill="#fa8c16" />
          <Bar dataKey="Sales to merchants" fill="#722ed1" />
          <Bar dataKey="Trades" fill="#52c41a" />
        </DayChart>
      </Col>
      <Col xs={24} xl={8}>
        <DayChart title="Counts per day" Chart={LineChart} points={points}>
          <Line type="monotone" dataKey="New customers" stroke="#13c2c2" dot={false} />
          <Line type="monotone" dataKey="trade_count" name="Trades" stroke="#52c41a" dot={false} />
          <Line type="monotone" dataKey="recharge_count" name="Recharges" stroke="#1677ff" dot={false} />
        </DayChart>
      </Col>
    </Row>
  );
}

/** A card of one chart over the days: the grid, the day axis, a whole-number value axis, the tooltip and the legend. */
function DayChart({
  title,
  Chart,
  points,
  tooltip,
  children,
}: {
  title: string;
  Chart: typeof BarChart | typeof LineChart;
  points: object[];
  /** the tooltip's content; recharts' own when absent */
  tooltip?: ReactElement;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      <ResponsiveContainer width="100%" height={300}>
        <Chart data={points}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis allowDecimals={false} />
          <Tooltip content={tooltip} />
          <Legend />
          {children}
        </Chart>
      </ResponsiveContainer>
    </Card>
  );
}

/** The exact amounts of a day, from the wire strings. */
function MoneyTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: readonly { payload?: { exact: DashboardSummary['days'][number] } }[];
}) {
  const d = payload?.[0]?.payload?.exact;
  if (!active || !d) return null;
  return (
    <Card size="small" title={d.day}>
      <div>
        Recharges: {formatDecimal(d.recharge_amount)} ({d.recharge_count})
      </div>
      <div>
        Withdrawals paid: {formatDecimal(d.withdraw_amount)} ({d.withdraw_count})
      </div>
      <div>
        Sales to merchants: {formatDecimal(d.sale_amount)} ({d.sale_count})
      </div>
      <div>
        Trades: {formatDecimal(d.trade_amount)} ({d.trade_count})
      </div>
    </Card>
  );
}
