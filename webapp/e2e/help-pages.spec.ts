import { expect, test, type Page } from '@playwright/test';
import { openLive } from './helpers';

// The help and information pages in a real browser against the real server: the FAQ accordion,
// the testimonials' timer and thumbnails, the support guides and the Request Support dialog, the
// blog's search, categories and pages, and the contact form. The message forms open the mail
// client; the browser's alert after it is the visible proof (no mail client is launched here).

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const SENT = 'Thank you for your message. Your email client will open to complete sending.';

/** Accepts the next alert and answers its text. */
function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

test('every help page has one h1 and a title naming Talkbridge', async ({ page }) => {
  for (const [path, title] of [
    ['/support', 'Support Centre'],
    ['/contact', 'Contact us'],
    ['/faq', 'Frequently Asked Questions'],
    ['/blog', 'The Talkbridge Blog'],
    ['/blog/2', 'The best VoIP desk phones for a small office'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/refund-policy', 'Refund Policy'],
    ['/general-terms-and-conditions', 'General Terms and Conditions'],
    ['/terms', 'General Terms and Conditions'],
  ]) {
    await openLive(page, path);
    await expect(heading(page)).toHaveText(title);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page).toHaveTitle(/Talkbridge/);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.talkbridge.co.uk/general-terms-and-conditions');
});

test('FAQ: one answer open at a time, clicking the open one closes it, with FAQPage data', async ({ page }) => {
  await openLive(page, '/faq');
  const main = page.getByRole('main');
  const questions = main.locator('.faq-list').getByRole('button');
  await expect(questions).toHaveCount(10);
  const contract = main.getByRole('button', { name: 'Do I have to sign a contract?' });
  const cancel = main.getByRole('button', { name: 'How do I cancel?' });

  await contract.click();
  await expect(contract).toHaveAttribute('aria-expanded', 'true');
  await expect(main.getByText(/There is no minimum term/)).toBeVisible();
  await cancel.click();
  await expect(cancel).toHaveAttribute('aria-expanded', 'true');
  await expect(contract).toHaveAttribute('aria-expanded', 'false');
  await expect(main.getByText(/There is no minimum term/)).toBeHidden();
  await cancel.click();
  await expect(main.locator('.faq-list [aria-expanded="true"]')).toHaveCount(0);

  // Keyboard: Enter on a focused question opens it.
  await contract.focus();
  await page.keyboard.press('Enter');
  await expect(contract).toHaveAttribute('aria-expanded', 'true');

  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  expect(data['@type']).toBe('FAQPage');
  expect(data.mainEntity).toHaveLength(10);
  expect(data.mainEntity[0].name).toBe('Do I have to sign a contract?');
});

test('testimonials: a thumbnail selects one, and the featured one moves on every 6 seconds and wraps round', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.clock.install();
  await openLive(page, '/');
  const block = page.getByRole('region', { name: 'Rated 4.8 out of 5 by UK businesses' });
  const featured = block.getByRole('tabpanel');
  const thumb = (name: string) => block.getByRole('tab', { name: new RegExp(name) });
  await expect(featured).toContainText('Priya Shah');

  await page.clock.fastForward(6_000);
  await expect(featured).toContainText('Tom Davies');
  await expect(thumb('Tom Davies')).toHaveAttribute('aria-selected', 'true');

  await thumb('Marcus Okafor').click();
  await expect(featured).toContainText('Marcus Okafor');
  await expect(thumb('Marcus Okafor')).toHaveAttribute('aria-selected', 'true');
  // While the pointer is over it, or focus is in it, it stays put.
  await page.clock.fastForward(12_000);
  await expect(featured).toContainText('Marcus Okafor');

  // Pointer and focus elsewhere: after 6 seconds it wraps round to the first.
  await heading(page).click();
  await page.mouse.move(5, 5);
  await page.clock.fastForward(6_000);
  await expect(featured).toContainText('Priya Shah');
  await expect(thumb('Priya Shah')).toHaveAttribute('aria-selected', 'true');
});

test('testimonials stay put for a visitor who prefers reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await openLive(page, '/');
  const block = page.getByRole('region', { name: 'Rated 4.8 out of 5 by UK businesses' });
  await expect(block.getByRole('button', { name: 'Play testimonials' })).toBeVisible();
  await page.clock.fastForward(20_000);
  await expect(block.getByRole('tabpanel')).toContainText('Priya Shah');
});

test('support: guide tabs by mouse and keyboard, a guide opens in the page and Back to Videos returns', async ({ page }) => {
  await openLive(page, '/support');
  const guides = page.getByRole('region', { name: 'Video guides' });
  const tab = (name: string) => guides.getByRole('tab', { name });
  await expect(tab('Desktop Setup')).toHaveAttribute('aria-selected', 'true');
  await expect(guides.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText(['3CX for Windows setup', 'Mac setup']);

  await tab('Desktop Setup').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Mobile Setup')).toBeFocused();
  await expect(tab('Mobile Setup')).toHaveAttribute('aria-selected', 'true');
  await expect(guides.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText(['Zoiper for Android', 'Zoiper for iOS']);
  await tab('Features').click();
  await expect(guides.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText(['Dashboard guide']);
  await tab('Mobile Setup').click();

  await guides.getByRole('button', { name: 'Open guide: Zoiper for Android' }).click();
  const guide = guides.getByRole('article', { name: 'Zoiper for Android' });
  await expect(guide.getByRole('heading', { level: 3, name: 'Zoiper for Android' })).toBeFocused();
  await expect(guide).toContainText('sip.talkbridge.example:5060');
  await expect(guide.getByRole('img', { name: /sip\.talkbridge\.example/ })).toBeVisible();
  await expect(guide.locator('video')).toHaveCount(0);
  await expect(guides.getByRole('tablist')).toHaveCount(0);

  await guide.getByRole('button', { name: /Back to Videos/ }).click();
  await expect(guides.getByRole('article')).toHaveCount(0);
  await expect(tab('Mobile Setup')).toHaveAttribute('aria-selected', 'true');
  await expect(guides.getByRole('button', { name: 'Open guide: Zoiper for Android' })).toBeFocused();
});

test('support: the Request Support dialog checks its fields, Escape closes it, and sending says so', async ({ page }) => {
  await openLive(page, '/support');
  const open = page.getByRole('button', { name: 'Request Support', exact: true });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Request Support' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();

  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('Phone number is required')).toBeVisible();
  await expect(dialog.getByText('Message is required')).toBeVisible();

  // Focus stays inside: Tab from the last button comes back to the first field.
  await dialog.getByRole('button', { name: 'Send request' }).focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Name')).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await dialog.getByLabel('Name').fill('Jo Bloggs');
  await dialog.getByLabel('Email').fill('jo@example');
  await dialog.getByLabel('Phone').fill('020 7946 0123');
  await dialog.getByLabel('Message').fill('Extension 102 will not register.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Email is invalid')).toBeVisible();

  await dialog.getByLabel('Email').fill('jo@example.co.uk');
  const alert = nextAlert(page);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  expect(await alert).toBe(SENT);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/support$/);
  await open.click();
  await expect(dialog.getByLabel('Name')).toHaveValue('');
});

test('blog: search, category and pages live in the URL; a category goes back to page 1; back returns', async ({ page }) => {
  await openLive(page, '/blog');
  const list = page.locator('.blog-list article');
  const status = page.getByRole('status');
  const sidebar = page.getByRole('complementary', { name: 'Blog topics' });
  const pages = page.getByRole('navigation', { name: 'Blog pages' });
  await expect(list).toHaveCount(3);
  await expect(status).toHaveText(/Showing 1–3 of 6 articles\./);

  await pages.getByRole('link', { name: 'Next →' }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(list).toHaveCount(3);
  await expect(status).toHaveText(/Showing 4–6 of 6 articles\./);

  await sidebar.getByRole('link', { name: /^VoIP 3 articles$/ }).click();
  await expect(page).toHaveURL(/\/blog\?category=VoIP$/);
  await expect(status).toHaveText(/Showing 1–3 of 3 articles in VoIP\./);
  await expect(pages).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search articles' }).fill('isdn');
  await expect(page).toHaveURL(/\/blog\?q=isdn&category=VoIP$/);
  await expect(list).toHaveCount(2);
  await expect(list.getByRole('heading', { level: 2 })).toHaveText([
    'How to port your landline number to VoIP without missing a call',
    'The 2027 PSTN switch-off: what it means for your business',
  ]);

  await sidebar.getByRole('link', { name: /^All 6 articles$/ }).click();
  await expect(page).toHaveURL(/\/blog\?q=isdn$/);
  await expect(list).toHaveCount(3);

  // Typing replaced its entry: back goes to the category view as it was, then to page 2.
  await page.goBack();
  await expect(page).toHaveURL(/\/blog\?q=isdn&category=VoIP$/);
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('isdn');
  await page.goBack();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(status).toHaveText(/Showing 4–6 of 6 articles\./);
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('');

  // A tag chip filters; an article opens from the list.
  await sidebar.getByRole('link', { name: 'Desk phones tag' }).click();
  await expect(page).toHaveURL(/\/blog\?tag=Desk\+phones$/);
  await expect(list).toHaveCount(1);
  await list.getByRole('link', { name: 'The best VoIP desk phones for a small office' }).click();
  await expect(heading(page)).toHaveText('The best VoIP desk phones for a small office');
  const share = page.getByRole('link', { name: /^LinkedIn \(share/ });
  await expect(share).toHaveAttribute('href', /url=https%3A%2F%2Fwww\.talkbridge\.co\.uk%2Fblog%2F2$/);
  await expect(share).toHaveAttribute('rel', /noopener/);
  await expect(share).toHaveAttribute('target', '_blank');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  expect(data).toMatchObject({ '@type': 'BlogPosting', headline: 'The best VoIP desk phones for a small office' });
});

test('blog: an unknown article says so and links back to the blog', async ({ page }) => {
  await openLive(page, '/blog/unknown');
  await expect(heading(page)).toHaveText('We could not find that article');
  await expect(page).toHaveURL(/\/blog\/unknown$/);
  await page.getByRole('link', { name: 'Back to the blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(heading(page)).toHaveText('The Talkbridge Blog');
});

test('contact: the form checks its fields, then opens the e-mail with the thank-you alert and clears', async ({ page }) => {
  await openLive(page, '/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Subject is required')).toBeVisible();
  await expect(form.getByLabel('Name')).toBeFocused();

  await form.getByLabel('Name').fill('Sam Patel');
  await expect(form.getByText('Name is required')).toHaveCount(0);
  await form.getByLabel('Email').fill('sam@example.co.uk');
  await form.getByLabel('Subject').fill('Moving 12 lines');
  await form.getByLabel('Message').fill('Can you port our ISDN numbers?');
  const alert = nextAlert(page);
  await form.getByRole('button', { name: 'Send message' }).click();
  expect(await alert).toBe(SENT);
  await expect(page).toHaveURL(/\/contact$/);
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');

  // The map is drawn in the page: no frame from a map service.
  await expect(page.getByRole('img', { name: /^Map: our office at / })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});
