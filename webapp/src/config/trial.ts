import { trial } from '../generated/catalogue.json';

/**
 * The free trial's figures as the pages quote them (its length in days, its minutes of calls),
 * from the catalogue the server serves (GET /api/catalogue): src/generated/catalogue.json is
 * `voip-shop catalogue`'s print of it, which an API test holds equal to the server's, so a page
 * never promises a trial the server does not give. Only this object is bundled, not the price list.
 */
export const TRIAL_DAYS: number = trial.days;
export const TRIAL_MINUTES: number = trial.minutes;
/** Within how many hours the trial's e-mail address must be confirmed. */
export const TRIAL_VERIFY_HOURS: number = trial.verifyWithinHours;
/** The most days staff may add to one trial, in all its extensions. */
export const TRIAL_MAX_EXTENSION_DAYS: number = trial.maxExtensionDays;
