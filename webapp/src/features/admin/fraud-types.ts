/** Wire types of staff's fraud panel (GET /api/admin/fraud, /api/admin/fraud/{kind}/{id}; api/API.md). Money in tenths of a penny. */
import type { Schema } from '../../lib/api-types';
import type { OrderKind } from './order-types';

export type FraudOverview = Schema<'FraudOverview'>;
export type FraudAccountRow = Schema<'FraudAccountRow'>;
export type FraudTotals = Schema<'FraudTotals'>;
export type FraudAccount = Schema<'FraudAccount'>;
export type UsageDay = Schema<'UsageDay'>;

/** An account of the panel: a service order or a trial, by id. */
export interface FraudAccountRef {
  kind: OrderKind;
  id: string;
}
