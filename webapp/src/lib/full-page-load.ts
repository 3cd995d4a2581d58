/** Leaves the single-page app: a full page load of `url` (kept apart so tests can stub it). */
export function fullPageLoad(url: string): void {
  window.location.assign(url);
}

/** Hands a mailto: (or other external) link to the browser, e.g. to open the mail client. */
export function openExternal(href: string): void {
  window.location.href = href;
}
