/** The API's base URL; absolute so that it also works where fetch needs a full URL (tests). */
export function apiBaseUrl(): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return `${origin}/api`;
}
