import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r.lhr.audits;
  console.log(url, Math.round(r.lhr.categories.performance.score*100));
  for (const k of ['first-contentful-paint','largest-contentful-paint','total-blocking-time','speed-index','cumulative-layout-shift','server-response-time','bootup-time','mainthread-work-breakdown','render-blocking-resources','largest-contentful-paint-element', 'dom-size'])
    console.log(' ', k, a[k]?.displayValue ?? '', a[k]?.score);
  const lcp = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet; console.log('  lcp el', lcp);
} finally { await chrome.kill(); }
