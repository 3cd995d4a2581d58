import { TRIAL_MAX_EXTENSION_DAYS } from '../../config/trial';

/** The admin's messages (docs/product-rules.md, Hardware catalogue and admin). */
export const messages = {
  fixErrors: 'Please fix the following errors: ',
  nameRequired: 'Product name is required',
  brandRequired: 'Brand is required',
  modelRequired: 'Model is required',
  priceRequired: 'Valid price is required',
  featureRequired: 'At least one feature is required',
  compatibilityRequired: 'At least one compatibility item is required',
  brandBeforeUpload: 'Please select a brand before uploading images',
  imageTypes: 'Only JPEG, PNG or WebP images can be uploaded.',
  uploadFailed: (message: string) => `Failed to upload images: ${message}`,
  imageRemoved: 'Image removed',
  imageRemovedFromFormOnly: 'Image removed from form (server cleanup may be needed)',
  loadFailed: 'Failed to load hardware data',
  saveFailed: 'Error saving item. Please try again.',
  deleteFailed: 'Error deleting item. Please try again.',
  bulkDeleteFailed: 'Error deleting items. Please try again.',
  created: 'Item created successfully',
  updated: 'Item updated successfully',
  deleted: 'Item deleted successfully',
  bulkDeleted: (count: number) => `${count} items deleted successfully`,
  confirmDelete: 'Are you sure you want to delete this item? This action cannot be undone.',
  confirmBulkDelete: (count: number) => `Are you sure you want to delete ${count} items? This action cannot be undone.`,
  signInFailed: 'Sign-in failed. Please try again.',
  signInCheckFailed: 'We could not check your sign-in. Please try again.',
  signOutFailed: 'Sign-out failed. Please try again.',
  auditFailed: 'Failed to load the audit log',
  readOnlyCatalogue: 'Read only: you can look at the catalogue and its audit log, but only admins can change them.',
} as const;

/** Joins validation messages after 'Please fix the following errors: '. */
export function fixErrorsMessage(errors: readonly string[]): string {
  return `${messages.fixErrors}${errors.join(', ')}`;
}

/** The support console's messages (docs/product-rules.md, Support console). */
export const orderMessages = {
  searchHint: 'An order number (SB-…, HW-…), an e-mail address, a phone number or a Stripe payment reference (pi_…, seti_…, sub_…, cus_…).',
  searching: 'Searching orders...',
  searchFailed: 'We could not load the orders. Please try again.',
  noOrders: 'There are no orders yet.',
  noMatch: (query: string) => `No orders match “${query}”.`,
  noMatchNext:
    'Check the spelling, or try the whole order number (e.g. SB-123456), the buyer’s full e-mail address, a phone number with its area code, or a Stripe reference (pi_…, seti_…, sub_…, cus_…). Clear the search to see every order.',
  noOlder: 'There are no older orders in these results.',
  historyLoading: 'Loading the order’s history...',
  historyFailed: 'We could not load this order’s history. Please try again.',
  callsLoading: 'Loading the order’s calls...',
  callsFailed: 'We could not load this order’s calls. Please try again.',
  noCalls: 'No calls yet. Calls made from or to this order’s extensions and numbers show here as soon as they end.',
  callsCapped: (shown: number, total: number) => `Showing the newest ${shown} of ${total} calls; the chart counts them all.`,
  orderNotFound: 'There is no such order. Check the link, or find the order by searching.',
  resent: 'Confirmation e-mail queued to send again.',
  sipPasswordReset: (number: string, username: string) =>
    `New SIP password for extension ${number} (username ${username}). Give it to the customer now: it is not shown again, and the old one no longer works.`,
  released: (number: string) => `Number ${number} released back to stock.`,
  replaced: (lost: string) => `Number ${lost} replaced; the buyer has been e-mailed the new number.`,
  placeholderFilled: (number: string, areaCode: string) => `Number ${number} given for the ${areaCode} area code; the buyer has been e-mailed it.`,
  noPlaceholderStock: (areaCode: string) =>
    `No free ${areaCode} number yet: the shop gives one by itself as soon as stock in that area code arrives (import numbers to speed it up).`,
  extended: (days: number) => `Trial extended by ${days} ${days === 1 ? 'day' : 'days'}.`,
  actionFailed: 'That did not work. Please try again.',
  refunded: (amount: string) =>
    `Refund of ${amount} made: the money goes back to the buyer’s card (banks usually show it within 5 to 10 working days), and the buyer has been e-mailed.`,
  refundProposed: 'Refund proposed: it is in the order’s history for an admin to carry out. Nothing has been refunded yet.',
  refundReasonMissing: 'Give the reason for the refund: the buyer’s e-mail quotes it.',
  refundQuantityInvalid: 'Enter how many of the desk phone to refund, as a whole number of 1 or more.',
  confirmRefund: (what: string, orderNumber: string) =>
    `Refund ${what} on ${orderNumber}? Stripe gives the money back to the buyer’s card and the buyer is e-mailed. This cannot be undone.`,
  subscriptionCancelled: (atPeriodEnd: boolean) =>
    atPeriodEnd
      ? 'Subscription cancelled from the end of the period paid for: it runs until then and is not charged again. The buyer has been e-mailed.'
      : 'Subscription cancelled now: it is not charged again. The buyer has been e-mailed.',
  cancellationProposed: 'Cancellation proposed: it is in the order’s history for an admin to carry out. Nothing has been cancelled yet.',
  cancellationReasonMissing: 'Give the reason for the cancellation: the buyer’s e-mail quotes it.',
  callsOutSuspended: 'Calls out suspended: the phones are refused with your reason, and the buyer reads it in their account.',
  callsOutRestored: 'Calls out restored.',
  callsOutReasonMissing: 'Give the reason on one line: phones show it when a call is refused, and the buyer reads it in their account.',
  confirmCancellation: (atPeriodEnd: boolean, orderNumber: string) =>
    `Cancel the subscription of ${orderNumber} ${atPeriodEnd ? 'from the end of the period paid for' : 'now'}? Stripe stops charging it and the buyer is e-mailed. This cannot be undone.`,
  confirmRelease: (number: string, orderNumber: string) =>
    `Release ${number} from ${orderNumber}? The number goes back to stock and the customer can no longer use it. This cannot be undone.`,
  extendDaysInvalid: `Enter a whole number of days from 1 to ${TRIAL_MAX_EXTENSION_DAYS}.`,
  noConfirmationYet: 'There is no confirmation to resend until the order is complete.',
  portSubmitted: (number: string) => `Transfer of ${number} submitted to the provider; the buyer has been e-mailed.`,
  portDateSet: (number: string, day: string) => `Transfer date of ${number} set to ${day}; the buyer has been e-mailed.`,
  portCompleted: (number: string) => `${number} marked transferred; the buyer has been e-mailed.`,
  portRejected: (number: string) => `Transfer of ${number} rejected; the buyer has been e-mailed the reason.`,
  portDateMissing: 'Pick the transfer date the losing provider set.',
  portDateInThePast: 'The transfer date cannot be in the past: pick today or a later day.',
  portReasonMissing: 'Say why the transfer was rejected, so the buyer knows what to correct.',
  portReasonTooLong: 'Keep the reason to 500 characters or fewer.',
  /** Why a transfer has no staff step now, by state. */
  transferWaiting: (state: string) =>
    state === 'requested'
      ? 'Nothing to do yet: waiting for the buyer’s details and signed letter of authority.'
      : state === 'rejected'
        ? 'Waiting for the buyer to correct the details and sign again.'
        : 'Transferred: nothing more to do.',
  portsLoading: 'Loading the transfers...',
  portsFailed: 'We could not load the transfers. Please try again.',
  noPorts: 'No transfers waiting.',
} as const;

/** The fraud panel's messages (docs/product-rules.md, Fraud panel). */
export const fraudMessages = {
  hint: 'Calls out across accounts: the accounts nearest their daily spend cap first. Open an account to see its calls in progress, its last 7 days and its refusals, and (admins) to change its cap. The page refreshes every 30 seconds.',
  loading: 'Loading calls out across accounts...',
  failed: 'We could not load the fraud panel. Please try again.',
  noAccounts:
    'No calls out today yet. An account shows here as soon as it calls out, has a call out refused or is suspended; this page refreshes every 30 seconds.',
  capped: (shown: number, total: number) => `Showing the ${shown} accounts nearest their cap of ${total}; the totals count them all.`,
  accountLoading: 'Loading the account’s calls out...',
  accountFailed: 'We could not load this account’s calls out. Please try again.',
  accountNotFound: 'There is no such account. Go back to the fraud panel and open one from the list, or search the orders.',
  noCallsInProgress: 'No calls out in progress.',
  noRefusals: 'No calls out refused in the last 7 days.',
  capInvalid: 'Enter the daily cap in pounds, e.g. 50 or 12.50, from £0 to £1,000.',
  capOutOfRange: 'The daily cap must be from £0 to £1,000: enter a smaller amount, or 0 to stop every call out that costs money.',
  capSet: (amount: string) =>
    `Daily cap set to ${amount}. The registrar applies it from the next call out, and the order’s history records who set it.`,
  capFailed: 'The cap was not changed. Please try again.',
  capAdminsOnly: 'Only admins can change the daily cap. Ask an admin if this account needs a different one.',
  capNotOnTrials:
    'A free trial has no daily cap to change: its calls out are UK landlines and mobiles within its trial minutes. To stop its calls, end the trial from its order page.',
  capNotApplied:
    'This account pays for its calls with included minutes, so the registrar does not stop its calls at the cap; the cap applies to Pay As You Go credit.',
  suspendedNext: 'Calls out are suspended. To restore them, open the order and use its staff actions.',
} as const;
