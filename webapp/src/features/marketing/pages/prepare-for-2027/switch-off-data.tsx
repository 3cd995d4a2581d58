import { Link } from 'react-router-dom';
import type { FeatureCard, Step } from '../shared/page-parts';
import { TRIAL_DAYS } from '../../../../config/trial';

/** When this guide was written and last checked (the Article's dates). */
export const ARTICLE_DATES = { published: '2026-11-24', modified: '2026-11-24' } as const;

/** What uses a phone line in a typical business, and what to do about each. */
export const affectedThings: FeatureCard[] = [
  {
    icon: 'phone',
    title: 'Phone lines and numbers',
    text: 'Analogue lines and ISDN stop carrying calls. Your numbers do not have to go with them: they move to a digital service and keep ringing.',
  },
  {
    icon: 'alarm',
    title: 'Alarms and telecare',
    text: 'Burglar and fire alarms that dial out over a phone line, and personal alarms for older relatives, may need a digital or mobile (4G) unit. Ask your alarm company to test yours.',
  },
  {
    icon: 'card',
    title: 'Card terminals',
    text: 'Most card machines already use broadband, Wi-Fi or a SIM. An older one that dials out over a phone line needs replacing: your card provider will know which you have.',
  },
  {
    icon: 'lift',
    title: 'Lift emergency phones',
    text: 'The phone in a lift must always reach help. Ask your lift maintenance company for a digital or 4G unit, and have it tested after the change.',
  },
  {
    icon: 'fax',
    title: 'Fax machines',
    text: 'Faxes travel badly over digital lines. If you still receive them, move to fax by e-mail, or ask whoever sends them whether e-mail will do.',
  },
  {
    icon: 'door',
    title: 'Door entry and gate phones',
    text: 'Entry systems that call a phone line when a visitor presses the button need a digital line or a SIM. The installer can tell you which yours uses.',
  },
];

/** The switch-off as the industry describes it, without dates nobody has announced. */
export const timeline: { when: string; title: string; text: string }[] = [
  {
    when: 'Already done',
    title: 'No new analogue lines or ISDN',
    text: 'Openreach, which runs most of the UK’s phone lines, has stopped selling new analogue lines and ISDN. Businesses that move premises or add lines get digital ones.',
  },
  {
    when: 'Now',
    title: 'Lines move to digital, area by area',
    text: 'Telephone exchanges are switched over in stages. Your current provider writes to you before your line moves, but the date is theirs, not yours.',
  },
  {
    when: 'By January 2027',
    title: 'The switch-off completes',
    text: 'The industry’s target is for the old copper phone network (PSTN) and ISDN to be switched off completely by January 2027.',
  },
  {
    when: 'After the switch-off',
    title: 'Every call runs over the internet',
    text: 'Calls travel over broadband as data (VoIP). Your number, and the people who call it, need not notice any difference.',
  },
];

/** What a business can do now, in order. */
export const checklist: Step[] = [
  {
    title: 'List your lines and what uses them',
    text: 'Go through your phone bill line by line and find what each one is for: phones, alarms, the card machine, the lift, the fax, the door entry. A line nobody can explain may be costing you money.',
  },
  {
    title: 'Check your broadband',
    text: 'Each call needs roughly 100 kbps each way, so ten calls at once need about 1 Mbps up and down. Run a speed test at a busy time of day, and keep a mobile for 999 calls in a power cut.',
  },
  {
    title: 'Keep your numbers',
    text: (
      <>
        Moving your numbers to us is free and usually takes 2-3 business days; your old line works until the moment they arrive. See{' '}
        <Link to="/all-phone-numbers">UK numbers</Link> if you would like a new one as well.
      </>
    ),
  },
  {
    title: 'Choose a plan',
    text: (
      <>
        Work out what you would pay with the <Link to="/calculate-savings">savings calculator</Link>, or compare every plan on{' '}
        <Link to="/plans-and-pricing">plans and pricing</Link>. There is no contract: one month’s notice ends it.
      </>
    ),
  },
  {
    title: 'Test before you switch',
    text: (
      <>
        Take a free number for {TRIAL_DAYS} days and <Link to="/download-app">install the app</Link> on a phone and a computer. Make a few calls from
        the places you work, then move the rest when you are happy.
      </>
    ),
  },
];
