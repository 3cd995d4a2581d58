import type { ExpandableCard } from '../shared/expandable-cards';
import type { Step } from '../shared/page-parts';

/** The seven PBX feature cards; one opens at a time. */
export const pbxFeatureCards: ExpandableCard[] = [
  {
    id: 'routing',
    icon: 'route',
    title: 'Call routing',
    summary: 'Send every call to the right place by time, number dialled or caller.',
    details: (
      <ul>
        <li>Different rules for opening hours, lunchtime, evenings and bank holidays.</li>
        <li>Ring one phone, a whole team, or a list of people one after another.</li>
        <li>Fail over to mobiles or another site when the office cannot answer.</li>
      </ul>
    ),
  },
  {
    id: 'ivr',
    icon: 'menu',
    title: 'IVR menus',
    summary: '“Press 1 for sales”: menus that greet callers and put them through.',
    details: (
      <ul>
        <li>Menus within menus, so large teams can route to the exact department.</li>
        <li>Callers can dial a known extension at any point.</li>
        <li>Record your own prompts, or have them read by a professional voice artist.</li>
      </ul>
    ),
  },
  {
    id: 'conference',
    icon: 'users',
    title: 'Conference calls',
    summary: 'Conference rooms with a PIN that colleagues and clients dial into.',
    details: (
      <ul>
        <li>Permanent rooms for weekly meetings and one-off rooms for projects.</li>
        <li>Join from a desk phone, the app or any phone in the world.</li>
        <li>Move a conference to video when you need to share a screen.</li>
      </ul>
    ),
  },
  {
    id: 'music-on-hold',
    icon: 'music',
    title: 'Music on hold',
    summary: 'Replace silence with music or messages about your business.',
    details: (
      <ul>
        <li>Choose from licence-free tracks or upload your own.</li>
        <li>Mix in short messages about offers, opening times or your website.</li>
        <li>A different choice for each queue or department if you like.</li>
      </ul>
    ),
  },
  {
    id: 'voicemail',
    icon: 'voicemail',
    title: 'Voicemail and transcription',
    summary: 'Voicemails by email, with the words written out so you can read them at a glance.',
    details: (
      <ul>
        <li>Each extension and team has its own mailbox and greeting.</li>
        <li>Messages arrive by email with the audio attached and a written transcript.</li>
        <li>Shared mailboxes for teams, so any colleague can pick up a message.</li>
      </ul>
    ),
  },
  {
    id: 'all-features',
    icon: 'check',
    title: 'All features included',
    summary: 'No modules to license and no engineer to pay for each change.',
    details: (
      <ul>
        <li>Every feature on this page comes with every plan.</li>
        <li>New features arrive automatically as we release them.</li>
        <li>Change anything yourself in the dashboard, any time.</li>
      </ul>
    ),
  },
  {
    id: 'unified-office',
    icon: 'building',
    title: 'Unified office',
    summary: 'Desk phones, mobiles, laptops and branches working as one phone system.',
    details: (
      <ul>
        <li>One directory of extensions across every site and every home worker.</li>
        <li>Transfer calls between offices as if colleagues sat in the same room.</li>
        <li>Free calls between all your sites and users.</li>
      </ul>
    ),
  },
];

/** Old on-site PBX against ours: [topic, traditional, cloud]. */
export const comparison: [string, string, string][] = [
  ['Upfront cost', 'Thousands of pounds for the box, handsets and installation', 'Nothing to buy: use the apps or phones you choose'],
  ['Maintenance', 'A yearly contract and call-out fees for every change', 'Included; changes are made by you in the dashboard'],
  ['Working from home', 'Calls stay in the office, or need a costly extra licence', 'Every extension rings wherever its user signs in'],
  ['Adding people', 'Extra cards and licences, and an engineer visit', 'Add a user in a minute; pay only for users you have'],
  ['Outages', 'A power cut or fault in the office stops all calls', 'Calls fail over to mobiles and other sites automatically'],
  ['The 2027 switch-off', 'ISDN lines close; the PBX needs new lines or replacing', 'Already runs over the internet: nothing to change'],
];

export const pbxSetupSteps: Step[] = [
  { title: 'Tell us about your setup', text: 'How many users and sites, which numbers you have, and how calls flow today.' },
  { title: 'We design your call flows', text: 'Our UK team builds your menus, ring groups and opening hours with you.' },
  { title: 'Phones and apps ready', text: 'Desk phones arrive already set up; apps are ready to sign in to.' },
  { title: 'Switch over', text: 'Your numbers move across on a date you choose, with no downtime on the day.' },
];
