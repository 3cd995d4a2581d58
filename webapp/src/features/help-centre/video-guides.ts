import { siteConfig } from '../../config/site';

const sip = siteConfig.sipServer;
const product = siteConfig.productName;

export type GuideCategory = 'setup' | 'mobile' | 'features';

export const guideCategories: readonly { key: GuideCategory; label: string }[] = [
  { key: 'setup', label: 'Desktop Setup' },
  { key: 'mobile', label: 'Mobile Setup' },
  { key: 'features', label: 'Features' },
];

interface GuideSetting {
  label: string;
  value: string;
}

export interface GuideStep {
  title: string;
  text: string;
  /** What to type, field by field, as the app names the fields. */
  settings?: readonly GuideSetting[];
}

export type GuideDiagramKind = 'desktop' | 'mobile' | 'dashboard';

export interface VideoGuide {
  id: string;
  title: string;
  description: string;
  category: GuideCategory;
  /** A video file under webapp/public. None has been made yet, so no guide has a player for one. */
  video?: string;
  diagram: GuideDiagramKind;
  steps: readonly GuideStep[];
  /** What to check when it does not work. */
  troubleshooting: readonly string[];
}

/** The example SIP username the guides show (the real one is on the order confirmation). */
export const EXAMPLE_USERNAME = 'jane101';

const credentialsNote =
  'Your SIP username (for example jane101) is on your order confirmation page and in your confirmation e-mail. The SIP password was shown once on the confirmation page; if you did not keep it, ask us and we will set a new one.';

const softphoneTroubleshooting = [
  `Check the domain is exactly ${sip.domain}: a typing slip is the most common reason a phone will not register.`,
  'Type the password by hand if pasting fails: some apps keep a space copied at the end.',
  `Use ${sip.transport} on port ${sip.port}. If your office firewall blocks it, ask your IT contact to allow outgoing ${sip.transport} to that port.`,
  'Turn off “SIP ALG” on your router if calls connect but you cannot hear each other: it rewrites call set-up messages and breaks the audio.',
];

export const videoGuides: readonly VideoGuide[] = [
  {
    id: '3cx-windows',
    title: '3CX for Windows setup',
    description: 'Make and take calls on a Windows PC with the free 3CXPhone softphone and a USB headset.',
    category: 'setup',
    diagram: 'desktop',
    steps: [
      {
        title: 'Install 3CXPhone',
        text: 'Download the 3CXPhone softphone for Windows from 3CX, run the installer and open it. Plug in your headset first, so Windows picks it as the sound device.',
      },
      {
        title: 'Create an account',
        text: 'Click the menu button, choose Accounts, then New. Give the account a name you will recognise, such as your extension number.',
      },
      {
        title: 'Enter your extension’s details',
        text: credentialsNote,
        settings: [
          { label: 'Account Name', value: `${product} 101` },
          { label: 'Caller ID', value: '101 (your extension number)' },
          { label: 'Extension', value: `Your SIP username, e.g. ${EXAMPLE_USERNAME}` },
          { label: 'ID', value: `Your SIP username again, e.g. ${EXAMPLE_USERNAME}` },
          { label: 'Password', value: 'Your SIP password' },
        ],
      },
      {
        title: 'Point it at our phone system',
        text: 'Both server boxes take the same address, so the app works in the office and away from it. Leave the tunnel and proxy options unticked.',
        settings: [
          { label: 'I am in the office – local IP', value: sip.domain },
          { label: 'I am out of the office – external IP', value: sip.domain },
          { label: 'Port', value: String(sip.port) },
        ],
      },
      {
        title: 'Save and check it registers',
        text: 'Click OK. The status at the top of the app should read “On Hook” within a few seconds. Call another extension (101, 102...) to test: calls between your own extensions are free.',
      },
      {
        title: 'Choose your headset',
        text: 'In Options, under Audio, choose the headset for the speaker and the microphone, and your PC speakers for the ringer so you hear calls with the headset off.',
      },
    ],
    troubleshooting: softphoneTroubleshooting,
  },
  {
    id: 'mac',
    title: 'Mac setup',
    description: 'Set up the free Zoiper softphone on a Mac, so your business number rings on your laptop.',
    category: 'setup',
    diagram: 'desktop',
    steps: [
      {
        title: 'Install Zoiper',
        text: 'Download Zoiper 5 for macOS from zoiper.com, drag it into Applications and open it. Choose “Continue as a Free user”: the free version is all you need.',
      },
      {
        title: 'Sign in with your extension',
        text: `${credentialsNote} Zoiper asks for the username and domain together.`,
        settings: [
          { label: 'Username / login', value: `${EXAMPLE_USERNAME}@${sip.domain}` },
          { label: 'Password', value: 'Your SIP password' },
        ],
      },
      {
        title: 'Confirm the server',
        text: 'Zoiper fills in the hostname from your login. Check it, with the port on the end.',
        settings: [{ label: 'Hostname or provider', value: `${sip.domain}:${sip.port}` }],
      },
      {
        title: 'Skip the optional settings',
        text: 'Leave “Authentication and Outbound proxy” unticked and click Skip: our system needs neither.',
      },
      {
        title: 'Pick SIP over UDP',
        text: `Zoiper now tries each way of connecting. Choose the line that says SIP ${sip.transport} and is marked as found, then click Next.`,
        settings: [{ label: 'Transport', value: `SIP ${sip.transport}` }],
      },
      {
        title: 'Allow the microphone',
        text: 'When macOS asks, allow Zoiper to use the microphone. A green tick next to your account means it is registered: call another extension to test.',
      },
    ],
    troubleshooting: softphoneTroubleshooting,
  },
  {
    id: 'zoiper-android',
    title: 'Zoiper for Android',
    description: 'Take your office number anywhere: set up Zoiper on an Android phone in five minutes.',
    category: 'mobile',
    diagram: 'mobile',
    steps: [
      {
        title: 'Install the app',
        text: 'Install “Zoiper IAX SIP VOIP Softphone” from Google Play and open it. Allow it to use the microphone and to show notifications, or you will not hear incoming calls.',
      },
      {
        title: 'Enter your login',
        text: `Tap “Create an account” if asked, then enter your username and domain together with your password. ${credentialsNote}`,
        settings: [
          { label: 'Username', value: `${EXAMPLE_USERNAME}@${sip.domain}` },
          { label: 'Password', value: 'Your SIP password' },
        ],
      },
      {
        title: 'Check the hostname',
        text: 'Zoiper suggests the hostname from your login. Make sure it matches, then tap Next.',
        settings: [{ label: 'Hostname', value: `${sip.domain}:${sip.port}` }],
      },
      {
        title: 'Skip authentication and proxy',
        text: 'Leave the optional authentication and outbound proxy settings off and tap Skip.',
      },
      {
        title: 'Choose SIP over UDP',
        text: `Wait while Zoiper tests the connection, then choose SIP ${sip.transport} and tap Finish. Your account shows a green tick when it is registered.`,
        settings: [{ label: 'Transport', value: `SIP ${sip.transport}` }],
      },
      {
        title: 'Let it ring in the background',
        text: 'Open Android Settings, find Zoiper under Apps, and set Battery to “Unrestricted”. Without this, Android puts the app to sleep and calls go to voicemail.',
      },
    ],
    troubleshooting: [
      ...softphoneTroubleshooting.slice(0, 2),
      'On mobile data, some networks slow SIP down: if calls fail on 4G or 5G but work on Wi-Fi, try again with Wi-Fi calling off.',
      'If calls only ring while the app is open, check the battery setting in step 6 again: some phones reset it after an update.',
    ],
  },
  {
    id: 'zoiper-ios',
    title: 'Zoiper for iOS',
    description: 'Answer business calls on your iPhone with the Zoiper app, kept apart from your personal number.',
    category: 'mobile',
    diagram: 'mobile',
    steps: [
      {
        title: 'Install the app',
        text: 'Install “Zoiper Lite VoIP Soft Phone” from the App Store and open it. Allow the microphone and notifications when iOS asks.',
      },
      {
        title: 'Enter your login',
        text: `Enter your username and domain together, then your password. ${credentialsNote}`,
        settings: [
          { label: 'Username', value: `${EXAMPLE_USERNAME}@${sip.domain}` },
          { label: 'Password', value: 'Your SIP password' },
        ],
      },
      {
        title: 'Check the hostname',
        text: 'Zoiper fills in the hostname from your login; check it and tap Next.',
        settings: [{ label: 'Hostname', value: `${sip.domain}:${sip.port}` }],
      },
      {
        title: 'Skip the optional settings',
        text: 'Leave authentication and outbound proxy switched off and tap Skip.',
      },
      {
        title: 'Choose SIP over UDP',
        text: `When the connection test finishes, choose SIP ${sip.transport} and tap Finish. A green tick means you are registered.`,
        settings: [{ label: 'Transport', value: `SIP ${sip.transport}` }],
      },
      {
        title: 'Keep calls coming when the app is closed',
        text: 'iOS stops apps that run in the background. To ring while Zoiper is closed, turn on push notifications in Zoiper’s settings (a paid option in the app), or forward unanswered calls to your mobile number from your dashboard.',
      },
    ],
    troubleshooting: [
      ...softphoneTroubleshooting.slice(0, 2),
      'If you hear nothing on calls, check Settings > Zoiper > Microphone is on.',
      'If calls reach you only with the app open, set up push notifications or call forwarding (step 6).',
    ],
  },
  {
    id: 'dashboard',
    title: 'Dashboard guide',
    description: 'A tour of your customer dashboard: extensions, voicemail to e-mail, call routing, greetings and bills.',
    category: 'features',
    diagram: 'dashboard',
    steps: [
      {
        title: 'Sign in',
        text: `Open the customer dashboard from the Login link at the top of every page, and sign in with the e-mail address and password you chose at checkout.`,
      },
      {
        title: 'Check your extensions',
        text: 'Extensions lists each user with their extension number and SIP username. Set a new SIP password here if one was lost; every phone or app using that extension then needs the new one.',
      },
      {
        title: 'Send voicemail to e-mail',
        text: 'Open an extension and turn on voicemail to e-mail with the address it should go to. Each message then arrives as an audio file with the caller’s number and the time.',
      },
      {
        title: 'Decide where calls go',
        text: 'Under Call routing, set which extensions ring for each of your numbers, for how long, and what happens next: another group, a mobile, or voicemail. Add your opening hours so calls out of hours go straight to the out-of-hours message.',
      },
      {
        title: 'Record your greetings',
        text: 'Under Greetings, upload an audio file or record one by phone: the welcome message, the menu (“press 1 for sales”), the out-of-hours and the holiday message.',
      },
      {
        title: 'See calls and bills',
        text: 'Call history shows every call with its time, length and who answered; Billing has your invoices with VAT, and the card that pays them.',
      },
    ],
    troubleshooting: [
      'Forgotten your dashboard password? Use the reset link on the sign-in page; the e-mail goes to the address you ordered with.',
      'A change to call routing takes effect on the next call: there is nothing to restart.',
    ],
  },
];
