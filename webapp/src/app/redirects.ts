import moved from '../config/moved-paths.json';

/**
 * Old paths of the older site and link targets that are not pages of their own. The server
 * answers each with a 301 to its target (api/src/http/routes/moved.rs reads the same file); in the
 * app they redirect with `replace`.
 */
export const redirects: Readonly<Record<string, string>> = moved;

/** Where any path without a page goes. */
export const UNKNOWN_PATH_TARGET = '/plans-and-pricing';
