import { expect, test, type Page } from '@playwright/test';
import { openLive } from './helpers';

/** The service and company pages, each with its own H1. */
const PAGES = [
  '/services',
  '/business-phone-system',
  '/answering-services',
  '/video-meetings',
  '/residential-voip',
  '/residential-features',
  '/business-features',
  '/pbx-phone-system',
  '/business-broadband-page',
  '/partner-program',
  '/become-a-partner',
  '/why-talkbridge',
  '/about',
  '/dashboard',
];

/** As the web app writes pence: £1,234.50. */
function pounds(pence: number): string {
  return `£${Math.floor(pence / 100).toLocaleString('en-GB')}.${String(pence % 100).padStart(2, '0')}`;
}

interface Tier {
  speedLabel: string;
  monthlyPence: number;
}

async function priceList(page: Page) {
  const response = await page.request.get('/api/catalogue');
  expect(response.ok()).toBe(true);
  return (await response.json()).priceList as {
    businessBroadband: { agreementMonths: number; tiers: Tier[] };
    leasedLines: { agreementMonths: number; tiers: Tier[] };
    cloudPbxFromMonthlyPence: number;
    cloudPbxToMonthlyPence: number;
    addOnsFromMonthlyPence: number;
  };
}

test('every service and company page has exactly one H1 and a title naming Talkbridge', async ({ page }) => {
  for (const path of PAGES) {
    await openLive(page, path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('h1'), path).toHaveCount(1);
    await expect(page, path).toHaveTitle(/Talkbridge/);
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('PBX feature cards open one at a time; clicking the open one closes it', async ({ page }) => {
  await openLive(page, '/pbx-phone-system');
  const card = (name: string) => page.getByRole('button', { name });
  await expect(page.getByRole('button', { expanded: true })).toHaveCount(0);

  await card('Call routing').click();
  await expect(card('Call routing')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Different rules for opening hours')).toBeVisible();

  await card('Conference calls').click();
  await expect(card('Conference calls')).toHaveAttribute('aria-expanded', 'true');
  await expect(card('Call routing')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Different rules for opening hours')).toBeHidden();
  await expect(page.getByRole('button', { expanded: true })).toHaveCount(1);

  await card('Conference calls').click();
  await expect(page.getByRole('button', { expanded: true })).toHaveCount(0);

  // By keyboard too.
  await card('Unified office').focus();
  await page.keyboard.press('Enter');
  await expect(card('Unified office')).toHaveAttribute('aria-expanded', 'true');

  const list = await priceList(page);
  await expect(page.getByText(/^Cloud PBX from/)).toContainText(
    `Cloud PBX from ${pounds(list.cloudPbxFromMonthlyPence)} to ${pounds(list.cloudPbxToMonthlyPence)} a month`,
  );
  await expect(page.getByRole('link', { name: 'Get a quote' }).first()).toHaveAttribute('href', '/quote?product=cloudPbx');
  await expect(page.getByRole('link', { name: /^Call / }).first()).toHaveAttribute('href', /^tel:/);
});

test('broadband tabs show the pricing module’s prices, by mouse and by keyboard', async ({ page }) => {
  const list = await priceList(page);
  await openLive(page, '/business-broadband-page');
  const broadband = page.getByRole('tab', { name: 'Broadband' });
  const leased = page.getByRole('tab', { name: 'Leased lines' });
  const rows = page.getByRole('tabpanel').getByRole('table').locator('tbody tr');
  const expectTiers = async (tiers: Tier[], months: number) => {
    await expect(rows).toHaveText(tiers.map((tier) => `${tier.speedLabel}${pounds(tier.monthlyPence)}`));
    await expect(page.getByRole('tabpanel')).toContainText(`${months} months`);
  };

  await expect(broadband).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('table')).toContainText('ex VAT');
  await expectTiers(list.businessBroadband.tiers, list.businessBroadband.agreementMonths);

  await leased.click();
  await expect(leased).toHaveAttribute('aria-selected', 'true');
  await expectTiers(list.leasedLines.tiers, list.leasedLines.agreementMonths);

  await leased.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(broadband).toBeFocused();
  await expect(broadband).toHaveAttribute('aria-selected', 'true');
  await expectTiers(list.businessBroadband.tiers, list.businessBroadband.agreementMonths);
  await page.keyboard.press('End');
  await expect(leased).toBeFocused();
  await expectTiers(list.leasedLines.tiers, list.leasedLines.agreementMonths);
  await page.keyboard.press('ArrowRight');
  await expect(broadband).toBeFocused();

  await expect(page.getByRole('link', { name: 'Email our sales team' })).toHaveAttribute('href', /^mailto:sales@talkbridge\.co\.uk/);
});

test('business features switch between the business and residential setup, FAQ and call to action', async ({ page }) => {
  const list = await priceList(page);
  await openLive(page, '/business-features');
  await expect(page.getByText(/a few extras start from/)).toContainText(`${pounds(list.addOnsFromMonthlyPence)} a month`);
  const panel = page.getByRole('tabpanel');
  await expect(page.getByRole('tab', { name: 'Business' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('heading', { name: 'Set up your business in six steps' })).toBeVisible();
  await expect(panel.locator('.faq-item')).toHaveCount(13);
  await expect(panel.getByRole('link', { name: 'Choose a plan' })).toBeVisible();

  await page.getByRole('tab', { name: 'Residential' }).click();
  await expect(panel.getByRole('heading', { name: 'Set up your home phone in four steps' })).toBeVisible();
  await expect(panel.locator('.faq-item')).toHaveCount(9);
  await expect(panel.getByRole('link', { name: 'See home phone prices' })).toHaveAttribute('href', '/residential-voip');

  await page.getByRole('tab', { name: 'Residential' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Business' })).toBeFocused();
  await expect(panel.getByRole('heading', { name: 'Set up your business in six steps' })).toBeVisible();
});

test('a footer link to /business-phone-system#routing scrolls to that section, on client-side navigation and on a fresh load', async ({ page }) => {
  await openLive(page, '/services');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Call routing' }).click();
  await expect(page).toHaveURL(/\/business-phone-system#routing$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Call routing', exact: true })).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();

  // Another anchor of the same page.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Flexible working' }).click();
  await expect(page).toHaveURL(/#flexibility$/);
  await expect(page.locator('#flexibility-heading')).toBeInViewport();

  await openLive(page, '/business-phone-system#apps');
  await expect(page.locator('#apps-heading')).toBeInViewport();
});
