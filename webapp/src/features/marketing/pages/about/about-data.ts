import type { FeatureCard } from '../shared/page-parts';

export const stats: { figure: string; label: string; note: string }[] = [
  { figure: '80%+', label: 'client retention', note: 'Most customers who join us are still with us years later.' },
  { figure: '10+', label: 'years of experience', note: 'Running business phones in the UK since 2010.' },
  { figure: '99.95%', label: 'uptime SLA', note: 'Backed by our service level agreement.' },
  { figure: '24/7', label: 'support', note: 'Engineers on call for faults at any hour, every day of the year.' },
];

export const values: FeatureCard[] = [
  { icon: 'check', title: 'Plain dealing', text: 'Prices on the website, no contracts, and no small print that catches you out when you leave.' },
  { icon: 'headset', title: 'Answer the phone', text: 'A phone company that is hard to phone is no good. Our UK team picks up, and knows the system.' },
  { icon: 'shield', title: 'Reliable by design', text: 'We build for the day something fails: spare capacity, automatic failover and honest status updates.' },
  { icon: 'heart', title: 'Small-business sized', text: 'We are a small business too. We design for the five-person office, not the enterprise sales pitch.' },
];

/** The team cards: initials drawn as avatars (no photos). */
export const team: { name: string; role: string; bio: string; tone: 1 | 2 | 3 | 4 }[] = [
  { name: 'Sarah Okafor', role: 'Founder and managing director', bio: 'Spent ten years installing office phone systems before deciding there had to be a simpler way.', tone: 1 },
  { name: 'James Whitfield', role: 'Head of network', bio: 'Keeps our UK network running and plans every upgrade so that customers never notice it happening.', tone: 2 },
  { name: 'Aisha Rahman', role: 'Customer support lead', bio: 'Leads the support team and reads every complaint personally, because each one shows where to improve.', tone: 3 },
  { name: 'Owen Price', role: 'Partner manager', bio: 'Looks after the IT firms and advisers who recommend us, from their first call to their hundredth client.', tone: 4 },
];

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase())
    .slice(0, 2)
    .join('');
}
