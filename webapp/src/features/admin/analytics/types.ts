import type { operations } from '../../../generated/api';
import type { Schema } from '../../../lib/api-types';
/** GET /api/admin/analytics: page views of a period of UTC days (api/API.md, Analytics). */
export type AnalyticsReport = Schema<'AnalyticsReport'>;

export type DayLine = Schema<'DayLine'>;

export type FunnelStep = Schema<'FunnelStep'>;

/** The days asked for, both included (YYYY-MM-DD). */
export type PeriodArgs = Required<NonNullable<operations['read_analytics']['parameters']['query']>>;
