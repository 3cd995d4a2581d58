import { describe, expect, it } from 'vitest';
import catalogue from '../generated/catalogue.json';
import { findTrialClaims } from '../testing/trial-claims';
import { TRIAL_DAYS } from './trial';

// Every page and component source (tests and test helpers aside, whose examples are on purpose, and
// the files generated from the server, whose API descriptions are not page text),
// the HTML shell and the public files, as text.
const sources: Record<string, string> = {
  ...import.meta.glob(['/src/**/*.{ts,tsx,css}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**', '!/src/generated/**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob(['/index.html', '/public/**/*.{html,txt,xml,json,webmanifest,svg}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
};

describe(`the one free trial: ${TRIAL_DAYS} days`, () => {
  it('reads the pages, components and index.html', () => {
    const files = Object.keys(sources);
    for (const file of [
      '/src/features/numbers/routes/uk-numbers-page.tsx',
      '/src/components/marketing/trial-promises.tsx',
      '/src/app/layout/site-header.tsx',
      '/index.html',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.some((file) => file.endsWith('.test.ts') || file.endsWith('.test.tsx') || file.startsWith('/src/testing/'))).toBe(false);
  });

  it("the length is the catalogue's, as the server serves it (src/generated/catalogue.json)", () => {
    expect(TRIAL_DAYS).toBe(catalogue.trial.days);
    expect(TRIAL_DAYS).toBe(7);
  });

  it("no page, component, index.html or public file writes a trial's length out: each takes it from the catalogue", () => {
    const written = Object.entries(sources).flatMap(([file, text]) =>
      findTrialClaims(text).map((claim) => `${file}: "${claim.phrase}" (${claim.days} days)`),
    );
    expect(written).toEqual([]);
  });

  it('the promises read the length from the catalogue (the check is not passing on nothing)', () => {
    const fromCatalogue = (file: string) => sources[file].match(/\{TRIAL_DAYS\}|\$\{TRIAL_DAYS\}/g)?.length ?? 0;
    expect(fromCatalogue('/src/components/marketing/trial-promises.tsx')).toBe(3);
    expect(fromCatalogue('/src/features/numbers/routes/uk-numbers-page.tsx')).toBe(1);
    expect(fromCatalogue('/src/features/numbers/routes/international-numbers-page.tsx')).toBe(1);
    expect(fromCatalogue('/src/features/numbers/routes/mobile-numbers-page.tsx')).toBe(1);
    // And a claim written with the figure is found, so one written out would be.
    expect(findTrialClaims(sources['/src/components/marketing/trial-promises.tsx'].replaceAll('${TRIAL_DAYS}', '7').replaceAll('{TRIAL_DAYS}', '7')).map((claim) => claim.days)).toEqual([7, 7, 7]);
  });

  it('the 30-day money-back guarantee is worded as a guarantee wherever it appears, never as a trial', () => {
    const mentions = Object.entries(sources).filter(([, text]) => /money[- ]back|30[- ]day/i.test(text));
    expect(mentions.length).toBeGreaterThan(0);
    for (const [file, text] of mentions) {
      for (const match of text.matchAll(/\b30[- ]days?\b[^'"<>]{0,40}/gi)) {
        // A mobile's PAC code is valid for 30 days (Ofcom's scheme): a fact, not an offer.
        if (/\bPAC\b[^.]*valid for $/i.test(text.slice(Math.max(0, match.index - 80), match.index))) continue;
        expect(`${file}: ${match[0]}`).toMatch(/money[- ]back|get your money back/i);
      }
      expect(findTrialClaims(text).filter((claim) => claim.days === 30)).toEqual([]);
    }
  });
});

describe('findTrialClaims', () => {
  it.each([
    ['Try it free for 14 days.', 14],
    ['Try it FREE for fourteen days', 14],
    ['a 14-day free trial', 14],
    ['our thirty-day free trial', 30],
    ['Start 30 days trial', 30],
    ['a 21 day risk-free trial', 21],
    ['a free trial of 14 days', 14],
    ['the trial period of twenty-one days', 21],
    ['a two-week trial', 14],
    ['one month free trial', 30],
    ['your first 30 days free', 30],
    ['Free trial for the first 10 days', 10],
    ['Set up your free trial account: one UK number and 50 minutes for 14 days. No card required.', 14],
    ["Try it free for{' '}\n      14 days", 14],
    ['a 14\u2011day\u00a0free trial', 14],
    ['Start 7 days trial', 7],
    ['Your 7-day free trial has started successfully.', 7],
    ['Free for your 7-day trial', 7],
    ['a one-week trial', 7],
  ])('"%s" promises a trial of %i days', (text, days) => {
    expect(findTrialClaims(text).map((claim) => claim.days)).toEqual([days]);
  });

  it.each([
    ['30-day money-back guarantee'],
    ['Not happy in the first 30 days? Get your money back.'],
    ['No. Cancel any time with one month’s notice, and there is a 30-day money-back guarantee.'],
    ['Porting is free and usually takes 2-3 business days.'],
    ['Cancel any time with one month’s notice.'],
    ['Your trial ends in 7 days. Your money back for 30 days after you pay.'],
    ['Delivery in 3 days, free of charge.'],
  ])('"%s" promises no trial of another length', (text) => {
    expect(findTrialClaims(text).filter((claim) => claim.days !== 7)).toEqual([]);
  });
});
