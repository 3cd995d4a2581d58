import { expect, test, type Page } from '@playwright/test';
import { planCard, openLive } from './helpers';

/** The tools and guides the marketing pages link to: pages of their own, not redirects. */
const PAGES = ['/download-app', '/calculate-savings', '/prepare-for-2027'];

/** The PBX's SIP domain (its digest realm, SIP_REALM in api/src/app/accounts.rs). */
const SIP_DOMAIN = 'sip.talkbridge.example';

/** As the web app writes pence: £1,234.50. */
function pounds(pence: number): string {
  return `£${Math.floor(pence / 100).toLocaleString('en-GB')}.${String(pence % 100).padStart(2, '0')}`;
}

interface Plan {
  id: 'payAsYouGo' | 'singleUser' | 'multiUser';
  monthlyPence: number;
  minUsers: number;
  usersPerBlock: number;
  includedNumbers: number;
  extraNumber: { monthlyPence: number };
  callRates?: { ukLandlineTenthsOfPenny: number } | null;
}

interface Catalogue {
  vatPercent: number;
  plans: Plan[];
}

async function catalogue(page: Page): Promise<Catalogue> {
  const response = await page.request.get('/api/catalogue');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Catalogue;
}

/** The UK minutes a plan includes, as its card on the plans page says ("500 UK minutes included", "1,500 UK minutes per block"). */
async function includedMinutes(page: Page): Promise<{ singleUser: number; multiUser: number }> {
  await openLive(page, '/plans-and-pricing');
  const read = async (name: 'Single User' | 'Multi User') => {
    const text = await planCard(page, name).getByText(/UK minutes/).first().innerText();
    return Number(/([\d,]+) UK minutes/.exec(text)![1].replace(/,/g, ''));
  };
  return { singleUser: await read('Single User'), multiUser: await read('Multi User') };
}

/**
 * What the calculator should show, worked out here from the catalogue on its own: one line goes on
 * Single User, or Pay As You Go (paying for its number and every minute) when that is cheaper;
 * more lines on Multi User in whole blocks; minutes beyond the included ones at Pay As You Go's
 * UK landline rate, rounded half up to the penny.
 */
function expected(cat: Catalogue, minutes: { singleUser: number; multiUser: number }, lines: number, billPounds: number, ukMinutes: number) {
  const plan = (id: Plan['id']) => cat.plans.find((entry) => entry.id === id)!;
  const tenths = plan('payAsYouGo').callRates!.ukLandlineTenthsOfPenny;
  const calls = (extra: number) => Math.round((Math.max(0, extra) * tenths) / 10);
  let monthlyPence: number;
  if (lines === 1) {
    const single = plan('singleUser').monthlyPence + calls(ukMinutes - minutes.singleUser);
    const payg = plan('payAsYouGo').extraNumber.monthlyPence + calls(ukMinutes);
    monthlyPence = Math.min(single, payg);
  } else {
    const multi = plan('multiUser');
    const blocks = Math.ceil(Math.max(lines, multi.minUsers) / multi.usersPerBlock);
    monthlyPence = multi.monthlyPence * blocks + calls(ukMinutes - minutes.multiUser * blocks);
  }
  return { monthlyPence, incVatPence: monthlyPence + Math.round((monthlyPence * cat.vatPercent) / 100), yearlySavingPence: (billPounds * 100 - monthlyPence) * 12 };
}

test('the savings calculator with two sets of inputs checked against the pricing module', async ({ page }) => {
  const cat = await catalogue(page);
  const minutes = await includedMinutes(page);
  await openLive(page, '/calculate-savings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What would your phones cost with us?');
  const lines = page.getByRole('textbox', { name: 'Phone lines (users) today' });
  const bill = page.getByRole('textbox', { name: 'Monthly phone bill today (£, excluding VAT)' });
  const calls = page.getByRole('textbox', { name: 'UK call minutes a month' });
  const estimate = page.getByRole('region', { name: 'Your estimate' });

  // A sole trader who mostly answers calls: one line, a small bill, few minutes.
  await lines.fill('1');
  await bill.fill('20');
  await calls.fill('100');
  const small = expected(cat, minutes, 1, 20, 100);
  await expect(estimate).toContainText(`${pounds(small.monthlyPence)} a month excluding VAT`);
  await expect(estimate).toContainText(`${pounds(small.incVatPence)} including VAT`);
  await expect(estimate).toContainText(`${pounds(small.yearlySavingPence)} a year`);

  // An office of seven making plenty of calls: Multi User in whole blocks, minutes beyond the included ones charged.
  await lines.fill('7');
  await bill.fill('180');
  await calls.fill('4,000');
  const office = expected(cat, minutes, 7, 180, 4000);
  await expect(estimate).toContainText(`${pounds(office.monthlyPence)} a month excluding VAT`);
  await expect(estimate).toContainText(`${pounds(office.incVatPence)} including VAT`);
  await expect(estimate).toContainText(`${pounds(office.yearlySavingPence)} a year`);
  await expect(estimate).toContainText('Multi User: 2 blocks of 4 users (8 users)');

  // A figure out of range says so beside its field, and the estimate waits for it.
  await lines.fill('501');
  await expect(lines).toHaveAccessibleDescription(/Phone lines must be a whole number from 1 to 500\./);
  await expect(estimate.getByRole('status')).toContainText('Fill in the three figures');

  await lines.fill('7');
  await estimate.getByRole('link', { name: 'Choose this plan' }).click();
  await expect(page).toHaveURL(/\/plans-and-pricing$/);
});

test('each of the three pages has one H1 and a title naming Talkbridge; /download-app shows the SIP domain', async ({ page }) => {
  for (const path of PAGES) {
    await openLive(page, path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('h1'), path).toHaveCount(1);
    await expect(page, path).toHaveTitle(/Talkbridge/);
  }
  await openLive(page, '/download-app');
  const settings = page.getByRole('region', { name: 'Your settings' });
  await expect(settings.getByText(SIP_DOMAIN, { exact: true })).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Copy SIP server' })).toBeVisible();
});

test('the home page links to the three pages', async ({ page }) => {
  await openLive(page, '/');
  const tools = page.getByRole('list', { name: 'Useful tools and guides' });
  for (const [name, path] of [
    ['Savings calculator', '/calculate-savings'],
    ['Download the apps', '/download-app'],
    ['Prepare for 2027', '/prepare-for-2027'],
  ]) {
    await expect(tools.getByRole('link', { name })).toHaveAttribute('href', path);
  }
  await tools.getByRole('link', { name: 'Prepare for 2027' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('The 2027 switch-off');
});
