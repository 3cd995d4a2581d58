import { formatTenths } from '../fraud-format';
import type { FraudAccountRow, UsageDay } from '../fraud-types';
import { formatDay } from '../uk-time';

/** How many accounts the cap chart shows. */
const CAP_CHART_ACCOUNTS = 10;

/** The accounts nearest their cap: today's spend against the daily cap, as CSS bars (the cap is the whole track). */
export function CapChart({ accounts }: { accounts: FraudAccountRow[] }) {
  const shown = accounts.slice(0, CAP_CHART_ACCOUNTS);
  return (
    <figure className="fraud-cap-chart">
      <figcaption>Spend today against the daily cap, nearest first</figcaption>
      <ul>
        {shown.map((account) => {
          const label = `${account.orderNumber || account.owner}: ${formatTenths(account.spendTodayTenths)} of ${formatTenths(account.capTenths)} (${account.capUsedPercent}%)`;
          const level = account.capUsedPercent >= 100 ? 'is-over' : account.capUsedPercent >= 80 ? 'is-near' : '';
          return (
            <li key={account.owner} className="fraud-cap-row">
              <span className="fraud-cap-label">{account.orderNumber || account.owner}</span>
              <span className="fraud-cap-track" role="img" aria-label={label}>
                <span className={`fraud-cap-bar ${level}`} style={{ width: `${Math.min(100, account.capUsedPercent)}%` }} />
              </span>
              <span className="fraud-cap-value" aria-hidden="true">
                {formatTenths(account.spendTodayTenths)} / {formatTenths(account.capTenths)} ({account.capUsedPercent}%)
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

/** A UK day as the chart's axis shows it: "Tue 1". */
function shortDay(day: string): string {
  const [weekday, date] = formatDay(day).split(', ');
  return `${weekday} ${date?.split(' ')[0] ?? ''}`.trim();
}

/**
 * The last 7 days of an account's calls out as vertical bars (SVG): spend when any was spent,
 * else the minutes spoken (a plan's included minutes or a trial's), each bar labelled.
 */
export function UsageChart({ days }: { days: UsageDay[] }) {
  const bySpend = days.some((d) => d.spendTenths > 0);
  const value = (d: UsageDay) => (bySpend ? d.spendTenths : d.minutes);
  const label = (d: UsageDay) => (bySpend ? formatTenths(d.spendTenths) : `${d.minutes} min`);
  const most = Math.max(1, ...days.map(value));
  const barWidth = 36;
  const gap = 16;
  const height = 120;
  const summary = days.map((d) => `${formatDay(d.day)}: ${d.calls} calls, ${label(d)}`).join('; ');
  return (
    <figure className="fraud-usage-chart">
      <figcaption>{bySpend ? 'Spend' : 'Minutes'} a day, the last 7 days (UK days)</figcaption>
      <svg role="img" aria-label={`Calls out a day: ${summary}`} viewBox={`0 0 ${days.length * (barWidth + gap)} ${height + 40}`} width="100%">
        {days.map((d, index) => {
          const x = index * (barWidth + gap);
          const barHeight = Math.round((value(d) / most) * height);
          return (
            <g key={d.day} data-day={d.day}>
              <rect className="fraud-usage-bar" x={x} y={height - barHeight + 14} width={barWidth} height={barHeight} rx={2} />
              <text x={x + barWidth / 2} y={height - barHeight + 10} fontSize="10" textAnchor="middle">
                {label(d)}
              </text>
              <text x={x + barWidth / 2} y={height + 30} fontSize="10" textAnchor="middle">
                {shortDay(d.day)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
