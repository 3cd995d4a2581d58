import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const base = process.env.BASE_URL ?? 'http://127.0.0.1:8090';
const routes = (process.env.ROUTES ?? '/,/plans-and-pricing,/add-ons,/all-phone-numbers,/international-numbers,/mobile-numbers,/free-trial-numbers,/hardware,/checkout,/hardware-checkout').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext(); const page = await context.newPage();
for (const route of routes) {
  await page.goto(base + route, { waitUntil: 'networkidle' });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  for (const v of result.violations) {
    console.log(route, v.id, v.nodes.length, v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: ' + (n.any[0]?.message ?? '')).join(' | '));
  }
  if (!result.violations.length) console.log(route, 'OK');
}
await browser.close();
