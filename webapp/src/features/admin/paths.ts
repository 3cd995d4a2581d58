import { staffArea } from '../../lib/next-path';
import type { StaffRole } from './types';

/** Where staff land after signing in when nothing else is asked for: their home, by role (staffHomePath). */
export const DEFAULT_ADMIN_PATH = staffArea.home;
export const LOGIN_PATH = staffArea.signIn;
export const ORDERS_PATH = '/admin/orders';
export const TRANSFERS_PATH = '/admin/transfers';
export const HARDWARE_PATH = '/admin/hardware';
export const MAIL_PATH = '/admin/mail';
export const QUOTES_PATH = '/admin/quotes';
export const ANALYTICS_PATH = '/admin/analytics';
export const FRAUD_PATH = '/admin/fraud';

/** The page /admin opens for a role: support staff look after orders, admins the catalogue. */
export function staffHomePath(role: StaffRole): string {
  return role === 'support' ? ORDERS_PATH : HARDWARE_PATH;
}

/** The fraud panel's page of one account (a service order or a trial). */
export function fraudAccountPath(kind: string, id: string): string {
  return `${FRAUD_PATH}/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
}

/** The support console's page of one order. */
export function orderPath(kind: string, id: string): string {
  return `${ORDERS_PATH}/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
}
