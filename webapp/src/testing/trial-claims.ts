/**
 * Finds promises of a free trial in text (page source, index.html, public/ files) and reads
 * their length, so a test can hold the site to its one trial length.
 *
 * A claim is "free for N days", "N-day (free) trial", "N days trial", "trial of N days", "N days
 * free", or "for N days" later in a sentence about a trial. N in digits or words ("fourteen",
 * "twenty-one", "a"), in days, weeks or months (a month counts as 30 days). A money-back
 * guarantee ("30-day money-back guarantee", "not happy in the first 30 days?") is none of these.
 */

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

const NUMBER = `(?:\\d+|(?:${Object.keys(TENS).join('|')})(?:-(?:${UNITS.slice(1).join('|')}))?|${TEENS.join('|')}|${UNITS.join('|')}|an?)`;
/** "7-day", "7 days", "seven days'", "two-week", "1 month". */
const LENGTH = `\\b(${NUMBER})-?\\s?(day|week|month)s?'?`;
const ADJECTIVES = `(?:(?:free|risk-free|no-obligation|no-commitment|full|complimentary)\\s)*`;

const PATTERNS: RegExp[] = [
  // "free for 14 days", "free trial for the first 30 days"
  new RegExp(`\\bfree\\s(?:trial\\s)?for\\s(?:(?:the|your|a|an)\\s)?(?:(?:first|full|whole)\\s)?${LENGTH}`, 'gd'),
  // "14-day free trial", "7 days trial", "30 day risk-free trial"
  new RegExp(`${LENGTH}\\s?-?\\s?${ADJECTIVES}trials?\\b`, 'gd'),
  // "trial of 14 days", "trial period of thirty days", "trial lasts 2 weeks"
  new RegExp(`\\btrial\\s(?:period\\s)?(?:of|for|lasting|lasts|runs\\sfor)\\s(?:(?:up\\sto|the\\sfirst)\\s)?${LENGTH}`, 'gd'),
  // "30 days free", "your first 14 days free"
  new RegExp(`${LENGTH}\\s(?:of\\s)?free\\b(?!\\sof\\scharge)`, 'gd'),
  // "a free trial account: one number and 50 minutes for 14 days" (one sentence)
  new RegExp(`\\btrial\\b[^.!?\\n]{0,100}?\\bfor\\s(?:(?:the|a|an)\\s)?(?:(?:first|full|whole)\\s)?${LENGTH}`, 'gd'),
];

function numberValue(word: string): number {
  if (/^\d+$/.test(word)) return Number(word);
  if (word === 'a' || word === 'an') return 1;
  const [tens, unit] = word.split('-');
  if (tens in TENS) return TENS[tens] + (unit ? UNITS.indexOf(unit) : 0);
  if (TEENS.includes(word)) return 10 + TEENS.indexOf(word);
  return UNITS.indexOf(word);
}

const DAYS_PER: Record<string, number> = { day: 1, week: 7, month: 30 };

/** Lower case, one space for any run of white space, JSX's `{' '}`, `&nbsp;` and dashes as hyphens. */
function normaliseCopy(text: string): string {
  return text
    .replace(/\{\s*(['"`])\s\1\s*\}/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

interface TrialClaim {
  /** The words of the claim, as normalised. */
  phrase: string;
  /** Its length in days. */
  days: number;
}

/** Every free-trial promise in `text` with its length (one per place in the text). */
export function findTrialClaims(text: string): TrialClaim[] {
  const copy = normaliseCopy(text);
  const claims = new Map<number, TrialClaim>();
  for (const pattern of PATTERNS) {
    for (const match of copy.matchAll(pattern)) {
      const [phrase, count, unit] = match;
      // The length's own position keys the claim, so two patterns reading one phrase count once.
      const at = match.indices?.[1]?.[0] ?? match.index ?? 0;
      if (!claims.has(at)) claims.set(at, { phrase, days: numberValue(count) * DAYS_PER[unit] });
    }
  }
  return [...claims.values()];
}
