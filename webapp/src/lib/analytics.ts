/**
 * The one analytics module. By default it only logs; a real tracker can be plugged in
 * with `setAnalyticsSink` without touching the pages.
 */
export interface PageView {
  path: string;
  title: string;
  /** 'load' for the first page, 'back-forward' for history navigation. */
  trigger: 'load' | 'back-forward';
}

export type AnalyticsSink = (view: PageView) => void;

const logSink: AnalyticsSink = (view) => {
  console.info('[analytics] page view', view);
};

let sink: AnalyticsSink = logSink;

export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next ?? logSink;
}

export function trackPageView(view: PageView): void {
  try {
    sink(view);
  } catch (error) {
    console.warn('[analytics] tracking failed', error);
  }
}
