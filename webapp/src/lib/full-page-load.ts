/** Leaves the single-page app: a full page load of `url` (kept apart so tests can stub it). */
export function fullPageLoad(url: string): void {
  window.location.assign(url);
}
