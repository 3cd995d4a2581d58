import type { Schema } from '../../lib/api-types';

/** What the account holds, as GET /api/account/orders answers. */
export type AccountOrders = Schema<'AccountOrders'>;
export type AccountServiceOrder = Schema<'AccountServiceOrder'>;
export type AccountHardwareOrder = Schema<'AccountHardwareOrder'>;
export type AccountTrial = Schema<'AccountTrial'>;
/** One service order's page, as GET /api/account/orders/{id} answers. */
export type AccountOrderDetail = Schema<'AccountOrderDetail'>;
export type AccountExtension = Schema<'AccountExtension'>;
