import { expect, test } from '@playwright/test';
import { openLive } from './helpers';
import { signIn, SUPPORT_EMAIL, SUPPORT_PASSWORD } from './staff';

test('a quote request from the PBX page: checked, sent, acknowledged, then answered by staff', async ({ page, browser }) => {
  const company = `Acme Plumbing ${Date.now()}`;
  await openLive(page, '/pbx-phone-system');
  await page.getByRole('link', { name: 'Get a quote' }).first().click();
  await expect(page).toHaveURL(/\/quote\?product=cloudPbx$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a quote');
  const form = page.getByRole('form', { name: 'Request a quote' });
  await expect(form.getByRole('radio', { name: 'Cloud PBX' })).toBeChecked();

  // Each field is checked before anything is sent.
  await page.getByRole('button', { name: 'Request my quote' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the errors below and try again.');
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription('Name is required');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Jane Smith');
  await form.getByRole('textbox', { name: 'Company', exact: true }).fill(company);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('jane@acme.example');
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('020 7946 0000');
  await form.getByRole('textbox', { name: 'Postcode', exact: true }).fill('SW1A 1AA');
  await form.getByLabel('Anything else we should know (optional)').fill('Twelve people, two sites, calls recorded.');
  await page.getByRole('button', { name: 'Request my quote' }).click();
  await expect(page.getByRole('status')).toContainText(/Our sales team will reply to jane@acme\.example (within the hour|by 10am on)/);

  // The sales team sees it waiting, with the buyer's words, and marks it answered.
  const staff = await (await browser.newContext()).newPage();
  await staff.goto('/admin/quotes');
  await signIn(staff, SUPPORT_EMAIL, SUPPORT_PASSWORD);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Quote requests');
  const row = staff.getByRole('row').filter({ hasText: company });
  await expect(row).toContainText('Cloud PBX');
  await expect(row).toContainText('Twelve people, two sites');
  await row.getByRole('button', { name: 'Mark answered' }).click();
  await expect(staff.getByRole('row').filter({ hasText: company })).toHaveCount(0);
  await staff.getByRole('button', { name: 'Answered' }).click();
  await expect(staff.getByRole('row').filter({ hasText: company })).toContainText(`answered by ${SUPPORT_EMAIL}`);

  // Both e-mails are in the shop's mailbox.
  await staff.goto('/admin/mail');
  await expect(staff.getByRole('row').filter({ hasText: `Quote request: Cloud PBX for ${company}` })).toHaveCount(1);
  await expect(staff.getByRole('row').filter({ hasText: 'We have your quote request: Cloud PBX' }).first()).toBeVisible();
});
