import type { Page } from '@playwright/test';

// The staff accounts of the browser tests. The test scripts create them in the test database
// (`voip-shop users add --role admin|support ...`) and export these variables.

export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'e2e-admin@example.com';
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';
export const SUPPORT_EMAIL = process.env.E2E_SUPPORT_EMAIL ?? 'e2e-support@example.com';
export const SUPPORT_PASSWORD = process.env.E2E_SUPPORT_PASSWORD ?? 'e2e-support-password';

/** Fills and sends the staff sign-in form (/admin/login). */
export async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The session's CSRF token, for API calls made with the page's cookie. */
export async function csrfToken(page: Page): Promise<string> {
  const me = (await (await page.request.get('/api/admin/me')).json()) as { csrfToken: string };
  return me.csrfToken;
}
