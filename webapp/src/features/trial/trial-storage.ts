import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

/** sessionStorage key of the last trial's id, so the thank-you page can show it again after its state is gone (never a password). */
const TRIAL_ID_KEY = 'freeTrialId';
/** Legacy localStorage key of the sign-up form, removed on the thank-you page. */
const USER_INFO_KEY = 'userInfo';

export const THANK_YOU_PATH = '/free-trial-thank-you';
export const NUMBERS_PATH = '/free-trial-numbers';
/** The page the confirmation e-mail's link opens (`?token=...`). */
export const VERIFY_PATH = '/trial/verify';

export function rememberTrialId(trialId: string): void {
  writeStorage(TRIAL_ID_KEY, trialId, 'session');
}

export function rememberedTrialId(): string | null {
  return readStorage(TRIAL_ID_KEY, 'session');
}

export function forgetUserInfo(): void {
  removeStorage(USER_INFO_KEY);
}
