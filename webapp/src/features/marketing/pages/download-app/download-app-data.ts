import { siteConfig } from '../../../../config/site';
import type { IconName } from '../shared/icon';

/** Where to get an app: the vendor's own store or download page. */
export interface AppSource {
  label: string;
  href: string;
}

interface PlatformApp {
  platform: string;
  icon: IconName;
  app: string;
  text: string;
  sources: AppSource[];
  /** Another app that works as well, for people who prefer it. */
  alternative?: { text: string; source: AppSource };
}

const ZOIPER_DOWNLOADS: AppSource = { label: 'Zoiper downloads (zoiper.com)', href: 'https://www.zoiper.com/en/voip-softphone/download/current' };

/** The softphone apps we support on each platform, and where their makers publish them. */
export const platformApps: PlatformApp[] = [
  {
    platform: 'Windows',
    icon: 'desktop',
    app: '3CX for Windows',
    text: 'A desktop softphone for Windows 10 and 11. Use a USB headset for the clearest calls and the fewest echoes.',
    sources: [{ label: '3CX for Windows (3cx.com)', href: 'https://www.3cx.com/user-manual/installation-windows/' }],
    alternative: { text: 'Zoiper for Windows works just as well.', source: ZOIPER_DOWNLOADS },
  },
  {
    platform: 'Mac',
    icon: 'desktop',
    app: '3CX for Mac',
    text: 'Take calls on a MacBook or iMac with its built-in microphone, or better, a headset.',
    sources: [{ label: '3CX apps (3cx.com)', href: 'https://www.3cx.com/user-manual/' }],
    alternative: { text: 'Zoiper for macOS is free too, and our Mac set-up guide uses it.', source: ZOIPER_DOWNLOADS },
  },
  {
    platform: 'Android',
    icon: 'app',
    app: 'Zoiper',
    text: 'Your business number on your Android phone, over Wi-Fi or mobile data. The free version is all you need.',
    sources: [{ label: 'Zoiper on Google Play', href: 'https://play.google.com/store/apps/details?id=com.zoiper.android.app' }],
  },
  {
    platform: 'iPhone and iPad',
    icon: 'app',
    app: 'Zoiper Lite',
    text: 'Answer office calls on your iPhone, with your business number shown when you call out.',
    sources: [{ label: 'Zoiper Lite on the App Store', href: 'https://apps.apple.com/gb/app/zoiper-lite-voip-soft-phone/id438949960' }],
  },
];

interface TroubleshootingItem {
  problem: string;
  fixes: string[];
}

const sip = siteConfig.sipServer;

/** What to check when an app will not connect, loses its sound or misses calls. */
export const troubleshooting: TroubleshootingItem[] = [
  {
    problem: 'The app says “Registration failed” or “Not registered”',
    fixes: [
      `Check the server is exactly ${sip.domain}, with no space before or after it: a typing slip is the most common cause.`,
      'Type the username and password again: both are case-sensitive, and a pasted password sometimes brings a space with it.',
      `Check the port is ${sip.port} and the transport ${sip.transport}. On an office network, ask whoever runs it to allow outgoing ${sip.transport} traffic to port ${sip.port}.`,
    ],
  },
  {
    problem: 'You can hear them but they cannot hear you (or the other way round)',
    fixes: [
      'Turn off “SIP ALG” in your router’s settings: it rewrites the messages that set up a call and breaks the sound. Restart the router afterwards.',
      'Allow the app to use the microphone (on a computer, in the privacy settings; on a phone, in the app’s permissions).',
      'On a computer, choose your headset as both the speaker and the microphone in the app’s audio settings.',
    ],
  },
  {
    problem: 'Calls do not ring on your mobile when the app is in the background',
    fixes: [
      'On Android, open Settings, then Apps, then Zoiper, then Battery, and choose “Unrestricted” so battery saving does not close it.',
      'On an iPhone, allow notifications for Zoiper and keep Background App Refresh on for it; Low Power Mode can still delay calls.',
      'Open the app once after restarting your phone, so it registers again.',
    ],
  },
];
