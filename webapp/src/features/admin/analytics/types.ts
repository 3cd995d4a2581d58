/** GET /api/admin/analytics: page views of a period of UTC days (api/API.md, Analytics). */
export interface AnalyticsReport {
  from: string;
  to: string;
  totals: { views: number; visitors: number };
  /** Every day of the period, days without views included. */
  days: DayLine[];
  topPages: { path: string; views: number; visitors: number }[];
  topReferrers: { host: string; views: number }[];
  funnel: FunnelStep[];
  /** Service orders completed in the period. */
  orders: number;
}

export interface DayLine {
  /** YYYY-MM-DD (UTC). */
  day: string;
  views: number;
  visitors: number;
}

export interface FunnelStep {
  step: 'plans' | 'add-ons' | 'checkout' | 'thank-you';
  label: string;
  paths: string[];
  visitors: number;
  dropOff: number;
  /** Null for the first step, or when the step before had nobody. */
  dropOffPercent: number | null;
}

/** The days asked for, both included (YYYY-MM-DD). */
export interface PeriodArgs {
  from: string;
  to: string;
}
