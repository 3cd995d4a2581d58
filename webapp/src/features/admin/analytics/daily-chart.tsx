import { useEffect, useId, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDay } from './period';
import type { DayLine } from './types';

const numbers = new Intl.NumberFormat('en-GB');
const HEIGHT = 280;
/** The site's blue and orange (styles.css): both over 4.5:1 on white. */
const VIEWS_COLOUR = '#0b3d91';
const VISITORS_COLOUR = '#c2410c';

/** The chart in words: what a screen reader hears instead of the canvas. */
function dailySummary(days: DayLine[]): string {
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const visitors = days.reduce((sum, day) => sum + day.visitors, 0);
  const busiest = days.reduce<DayLine | null>((best, day) => (best === null || day.views > best.views ? day : best), null);
  const plural = (count: number, one: string, many: string) => `${numbers.format(count)} ${count === 1 ? one : many}`;
  const head = `Page views and visitors per day: ${plural(views, 'view', 'views')} and ${plural(visitors, 'visitor', 'visitors')} over ${plural(days.length, 'day', 'days')}`;
  if (!busiest || busiest.views === 0) return `${head}.`;
  return `${head}; the busiest day was ${formatDay(busiest.day)} with ${plural(busiest.views, 'view', 'views')}.`;
}

/** A day on the axis and in the legend, UK style: "26 Oct". */
function shortDay(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

const DAY_SECONDS = 24 * 60 * 60;

function chartOptions(UPlot: typeof uPlot, width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    // The days are UTC days, as the server counts them.
    tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] } },
    series: [
      { label: 'Day', value: (_plot, seconds) => (seconds == null ? '--' : shortDay(seconds)) },
      { label: 'Page views', stroke: VIEWS_COLOUR, width: 2, fill: 'rgba(11, 61, 145, 0.08)', points: { size: 5 } },
      { label: 'Visitors', stroke: VISITORS_COLOUR, width: 2, dash: [6, 4], points: { size: 5 } },
    ],
    axes: [
      {
        stroke: '#5a6475',
        grid: { stroke: '#dfe4ec' },
        // Whole days only, labelled the UK way.
        incrs: [1, 2, 7, 14, 28, 56].map((days) => days * DAY_SECONDS),
        values: (_plot, splits) => splits.map(shortDay),
      },
      { stroke: '#5a6475', grid: { stroke: '#dfe4ec' }, size: 56, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000] },
    ],
    cursor: { drag: { x: false, y: false } },
  };
}

/**
 * Page views and visitors per day as a line chart (uPlot, loaded with this page only), with
 * its text alternative: a caption in words and a table of every day (visually hidden; shown
 * instead when the chart cannot be drawn).
 */
export function DailyChart({ days }: { days: DayLine[] }) {
  const plotRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const captionId = useId();

  useEffect(() => {
    const element = plotRef.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
      days.map((day) => day.views),
      days.map((day) => day.visitors),
    ];
    import('uplot')
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        plot = new UPlot(chartOptions(UPlot, element.clientWidth || 640), data, element);
        if (typeof ResizeObserver !== 'undefined') {
          resize = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth || 640, height: HEIGHT }));
          resize.observe(element);
        }
      })
      .catch((error: unknown) => {
        console.warn('[analytics] the chart could not be drawn', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [days]);

  return (
    <figure className="analytics-chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>{dailySummary(days)}</figcaption>
      {/* The canvas says nothing to assistive technology: the table below is its text. */}
      <div ref={plotRef} className="analytics-plot" aria-hidden="true" style={{ minHeight: failed ? 0 : HEIGHT + 40 }} />
      <table className={failed ? 'admin-table' : 'visually-hidden'}>
        <caption>Page views and visitors per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Page views</th>
            <th scope="col">Visitors</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })}</th>
              <td>{numbers.format(day.views)}</td>
              <td>{numbers.format(day.visitors)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
