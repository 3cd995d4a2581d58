import { defineConfig, devices } from '@playwright/test';

// Two workers against one server and one database (issue 33, item 7). The specs share that
// state, so each runs in a project whose neighbours never change what it reads meanwhile:
// - `catalogue`, one file at a time: the specs that change the hardware catalogue (admin,
//   hardware-prices and live-pages create, reprice, unstock and delete phones) with every spec
//   that picks a phone from it or reads /hardware (the first in-stock phone, the brand with the
//   most phones, /hardware's HTML and console), and the crawl of the site map's catalogue pages
//   (site-map-hardware.spec: /hardware hydrates without a console error only while no phone is
//   deleted under it; a deleted phone's picture answers 404).
// - `stock`, one file at a time: numbers.spec takes "the first available number" of 0161 and
//   0121 and the first free-trial number, and trial.spec takes free-trial numbers and runs the
//   trial jobs with a moved clock (they end every unconfirmed trial).
// - `rest`, on whichever worker is free: specs that read none of that (axe's findings on
//   /hardware do not depend on which phones it lists; the crawl of every other page of the site
//   map, in four parallel parts; the home page's links, which land on /hardware whatever it
//   lists), or make state of their own (their own cart, order, 0117 numbers, transfer, quote,
//   e-mail address), found again by its own order number, company or address; staff sign-ins
//   are separate sessions, and only failed ones are limited (admin.spec makes the one failure).
// - `alone`, after all of them: analytics.spec counts today's page views exactly, so nothing
//   else may open a page while it runs. (A failure in the others skips it: fix that first.)
const catalogue = [
  'account-services.spec.ts',
  'admin.spec.ts',
  'cart-journey.spec.ts',
  'hardware-checkout.spec.ts',
  'hardware-prices.spec.ts',
  'hardware.spec.ts',
  'live-pages.spec.ts',
  'prerender.spec.ts',
  'refunds.spec.ts',
  'site-map-hardware.spec.ts',
  'support.spec.ts',
];
const stock = ['numbers.spec.ts', 'trial.spec.ts'];
const alone = ['analytics.spec.ts'];
const files = (names: string[]) => new RegExp(`/e2e/(${names.map((name) => name.replace(/\./g, '\\.')).join('|')})$`);

export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  retries: 0,
  // E2E_REPORT (set by .ci/test): a JSON report as well, from which the slowest tests are listed.
  reporter: process.env.E2E_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_REPORT }]] : 'list',
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  projects: [
    { name: 'catalogue', testMatch: files(catalogue), workers: 1 },
    { name: 'stock', testMatch: files(stock), workers: 1 },
    { name: 'rest', testIgnore: files([...catalogue, ...stock, ...alone]) },
    { name: 'alone', testMatch: files(alone), dependencies: ['catalogue', 'stock', 'rest'] },
  ],
  use: {
    ...devices['Desktop Chrome'],
    // As a visitor who asked for less motion: the home page's hero animates for ever, and on a
    // GPU-less headless Chromium that repaint costs a third of a core for every second a page
    // stays open (3.5 s of CPU in 10 s idle, 0.07 s reduced). The tests of motion itself (the
    // comparison's call, the testimonials' turns) ask for it with page.emulateMedia.
    reducedMotion: 'reduce',
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:8080',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
