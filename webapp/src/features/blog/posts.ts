import { siteConfig } from '../../config/site';
import type { BlogPostId } from './post-ids';

const product = siteConfig.productName;

/** A part of an article: headings (h2, h3 inside the article), paragraphs, lists, or a link to one of our pages. */
export type PostBlock =
  | { kind: 'h2' | 'h3' | 'p'; text: string }
  | { kind: 'ul' | 'ol'; items: readonly string[] }
  | { kind: 'link'; text: string; to: string; label: string };

/** The drawn header picture of an article. */
export type PostIllustration = 'porting' | 'desk-phones' | 'switch-off' | 'cloud-pbx' | 'broadband' | 'numbers';

export interface BlogPost {
  id: BlogPostId;
  title: string;
  excerpt: string;
  /** Published, as YYYY-MM-DD. */
  date: string;
  author: string;
  category: string;
  tags: readonly string[];
  illustration: PostIllustration;
  content: readonly PostBlock[];
}

/** Every article, newest first; the list, the article pages, their structured data and the router's paths read this. */
export const posts: readonly BlogPost[] = [
  {
    id: '1',
    title: 'How to port your landline number to VoIP without missing a call',
    excerpt:
      'Keeping your number when you move to an internet phone system is your right, and it is usually free. How a port works in the UK, what to have ready, and the mistakes that cause delays.',
    date: '2026-10-20',
    author: 'Emma Clarke',
    category: 'VoIP',
    tags: ['Porting', 'Switching', 'Numbers'],
    illustration: 'porting',
    content: [
      { kind: 'h2', text: 'Your number is yours to keep' },
      {
        kind: 'p',
        text: 'In the UK, Ofcom’s rules give you the right to take your phone number with you when you change provider. That is as true for a business landline on an old copper line as it is for a mobile. Moving a number from one provider to another is called porting, and for most small businesses it is the biggest worry about switching to VoIP: the number is on the van, the website, the invoices and in every customer’s phone.',
      },
      {
        kind: 'p',
        text: 'The good news is that a port is a routine job that happens between the two providers’ networks. You do not need to touch your phones, and your old line keeps working until the moment the number moves across.',
      },
      { kind: 'h2', text: 'How a port works, step by step' },
      {
        kind: 'ol',
        items: [
          'You order with the new provider and ask to bring your number. With us, you add it as a transfer when you choose your numbers.',
          'You sign a letter of authority (LOA): your written permission for the new provider to ask for the number. It must be signed by the account holder.',
          'The new provider (the gaining provider) sends the request to the old one (the losing provider), which checks the details against its records.',
          'A date is agreed. On the day the number is switched over, normally within a short window in the morning.',
          'Calls start arriving on your new system. Your old provider should then close the line and send a final bill.',
        ],
      },
      {
        kind: 'p',
        text: 'A simple port of one or two geographic numbers usually takes 2-3 business days once the request is accepted. Larger ports, with many numbers, ISDN lines or numbers spread over different accounts, take longer, often one to two weeks, because the losing provider has more to check.',
      },
      { kind: 'h2', text: 'What to have ready' },
      {
        kind: 'p',
        text: 'Most rejected ports fail on paperwork, not technology. Before you start, find a recent bill from your current provider and note:',
      },
      {
        kind: 'ul',
        items: [
          'The account holder’s name, exactly as the provider has it: a limited company, a sole trader or a person.',
          'Your account number with the current provider.',
          'The installation address and postcode of the line, which can differ from your billing address.',
          'Every number on the line, including any extra numbers that ring on it (often called MSNs or DDIs).',
          'Whether the line also carries your broadband. If it does, ask your broadband provider what happens to it when the voice service moves.',
        ],
      },
      { kind: 'h2', text: 'Mistakes that cause delays' },
      { kind: 'h3', text: 'Cancelling the old line first' },
      {
        kind: 'p',
        text: 'Never cancel your old service before the port completes. Once the line is closed, the number can be lost or put into quarantine, and getting it back is slow and not guaranteed. Let the port happen, then cancel whatever the losing provider has not closed for you.',
      },
      { kind: 'h3', text: 'Details that do not match' },
      {
        kind: 'p',
        text: 'If the postcode on the request differs from the one on the losing provider’s system, the port is rejected and the clock starts again. Copy the details from a bill rather than from memory.',
      },
      { kind: 'h3', text: 'Forgetting the other numbers' },
      {
        kind: 'p',
        text: 'A fax number, a second line for the card machine or an old number that still forwards to the main one are easy to miss. List every number first, then decide which to move, which to keep and which to let go.',
      },
      { kind: 'h2', text: 'What about alarms and card machines?' },
      {
        kind: 'p',
        text: 'Some equipment still relies on an analogue line: older burglar alarms, lift phones, franking machines and card terminals. Before you port the number they use, ask the supplier whether the device can work over broadband or a mobile connection. Many already do; some need a simple adaptor.',
      },
      { kind: 'h2', text: `Porting to ${product}` },
      {
        kind: 'p',
        text: 'Porting numbers to us is free. Once your order is complete, you confirm your current provider’s details and sign the letter of authority online on your order page. We handle the request with your current provider and e-mail you at each step, including the date as soon as it is agreed. In the meantime you can set up your apps and phones on the new system, so your team is ready on the day the calls arrive.',
      },
      { kind: 'link', text: 'Choose new numbers, or ask to bring your own, on the numbers page.', to: '/all-phone-numbers', label: 'UK phone numbers' },
    ],
  },
  {
    id: '2',
    title: 'The best VoIP desk phones for a small office',
    excerpt:
      'A desk phone is still the most comfortable way to spend a day on calls. What to look for, which makes we rate, and when an app or a headset is the better buy.',
    date: '2026-09-29',
    author: 'Daniel Hughes',
    category: 'Hardware',
    tags: ['Desk phones', 'Headsets', 'Office setup'],
    illustration: 'desk-phones',
    content: [
      { kind: 'h2', text: 'Do you need desk phones at all?' },
      {
        kind: 'p',
        text: 'Not everyone does. With a hosted phone system your number rings on a laptop app and on mobiles, and many small teams never buy a handset. Desk phones earn their place for people who are on the phone for hours a day, for shared spaces like a reception desk or a workshop, and for anyone who wants calls to work while their computer restarts.',
      },
      { kind: 'h2', text: 'What to look for' },
      { kind: 'h3', text: 'Power over Ethernet (PoE)' },
      {
        kind: 'p',
        text: 'A PoE phone takes its power from the network cable, so there is one cable to the desk and no power adaptor to lose. You need a PoE network switch, or a small injector, for this. Without PoE, make sure the phone you choose comes with, or offers, a power supply.',
      },
      { kind: 'h3', text: 'Gigabit pass-through' },
      {
        kind: 'p',
        text: 'Most phones have two network ports, so the computer can plug into the phone and share one network point. Choose a model with gigabit ports, or the phone will slow the computer’s connection to 100 Mbps.',
      },
      { kind: 'h3', text: 'HD voice' },
      {
        kind: 'p',
        text: 'Look for HD voice, the G.722 codec. Calls between HD phones and apps sound noticeably clearer, which matters on long calls, on speakerphone and with strong accents.',
      },
      { kind: 'h3', text: 'Keys and screen' },
      {
        kind: 'p',
        text: 'Line keys show whether colleagues are on a call (often called BLF keys) and let you transfer a call with one press. A receptionist needs plenty; most people need a handful. A colour screen is pleasant but not essential.',
      },
      { kind: 'h3', text: 'Headset support' },
      {
        kind: 'p',
        text: 'If someone spends the day on calls, a headset port, and support for wireless headsets through an electronic hook switch (EHS) or Bluetooth, lets them answer from across the room.',
      },
      { kind: 'h2', text: 'The makes we rate' },
      { kind: 'p', text: 'We sell and support phones from four manufacturers. All of them speak standard SIP, which is what our phone system uses.' },
      {
        kind: 'ul',
        items: [
          'Yealink: dependable, easy to set up and good value. The T3 series covers everyday desks; the T4 and T5 series add colour screens, more keys and, on the W models, built-in Bluetooth and Wi-Fi.',
          'Grandstream: strong on features for the price, with models from basic desks up to busy receptionists, and a well-regarded range of cordless DECT handsets.',
          'Polycom (now Poly, part of HP): excellent audio, especially on speakerphone, which makes it a favourite for managers’ offices and small meeting rooms.',
          'Cisco: solid hardware, but check the firmware. Cisco phones sold for use with other systems run its multiplatform (MPP) firmware; models made only for Cisco’s own call managers will not register with a hosted system.',
        ],
      },
      { kind: 'h2', text: 'Cordless phones for shops and workshops' },
      {
        kind: 'p',
        text: 'If people move around a shop floor, a warehouse or a kitchen, a DECT base station with cordless handsets often beats desk phones. One base connects to the network and carries several handsets, each with its own extension, and its range covers most small premises.',
      },
      { kind: 'h2', text: 'Do not forget the network' },
      {
        kind: 'p',
        text: 'A phone is only as good as the network behind it. Use wired connections where you can, keep guests off the network your phones use, and turn off the SIP ALG feature on your router, which causes most one-way audio problems. Our article on call quality and broadband goes into more detail.',
      },
      { kind: 'h2', text: 'Bringing your own phones' },
      {
        kind: 'p',
        text: 'If you already own SIP desk phones, you can usually keep them. Check they are not locked to another provider (some phones supplied free with a contract are), and reset them to factory settings before you set them up with us. Phones bought from us arrive ready for your account, so there is nothing to configure.',
      },
      { kind: 'link', text: 'See the desk phones we stock, with today’s prices and stock.', to: '/hardware', label: 'Browse desk phones' },
    ],
  },
  {
    id: '3',
    title: 'The 2027 PSTN switch-off: what it means for your business',
    excerpt:
      'The UK’s old copper phone network is closing. Which lines and devices are affected, what the timeline is, and a plain checklist for getting ready without a rush.',
    date: '2026-09-08',
    author: 'Rachel Owen',
    category: 'VoIP',
    tags: ['PSTN switch-off', 'ISDN', 'Switching'],
    illustration: 'switch-off',
    content: [
      { kind: 'h2', text: 'What is being switched off?' },
      {
        kind: 'p',
        text: 'For over a century UK phone calls have travelled over the public switched telephone network (PSTN): copper lines into every building, and exchanges that connect the calls. ISDN, the digital lines many businesses use to carry several calls at once, runs on the same old system. Openreach, which runs most of the UK’s lines, is retiring both and moving every line to the internet.',
      },
      {
        kind: 'p',
        text: 'The switch-off was first planned for the end of 2025. After problems with telecare alarms used by vulnerable people, the industry slowed the programme and the deadline moved to January 2027. New analogue lines and ISDN can no longer be ordered.',
      },
      { kind: 'h2', text: 'What it means in practice' },
      {
        kind: 'p',
        text: 'After the switch-off, a phone call is carried as data over a broadband connection. For most businesses that is good news: internet calling is cheaper, works from anywhere and brings features that used to need an expensive phone system. But anything that plugs into a traditional phone socket needs checking, because the socket will no longer carry an analogue line.',
      },
      { kind: 'h2', text: 'What to check' },
      {
        kind: 'ul',
        items: [
          'Phone lines and numbers: list every line you pay for and what it is used for. Some will be forgotten lines nobody uses.',
          'Your phone system: an on-site PBX connected by ISDN or analogue lines will stop working unless it is connected another way.',
          'Alarms: intruder and fire alarms that dial a monitoring centre over a phone line.',
          'Card machines and franking machines: older models dial out over the phone line.',
          'Lift emergency phones, door entry systems and gate intercoms.',
          'Fax machines, if you still have one.',
          'Telecare devices, if your business cares for people who rely on them.',
        ],
      },
      {
        kind: 'p',
        text: 'For each device, ask the supplier whether it works over broadband or a mobile (4G) connection, and whether it needs replacing, an adaptor or just a change of settings.',
      },
      { kind: 'h2', text: 'A timeline that avoids a rush' },
      {
        kind: 'ol',
        items: [
          'Now: make the list above and note when each contract ends.',
          'Next: check your broadband. Internet calls need a steady connection; our article on call quality explains how much you need.',
          'Then: move your phone numbers to an internet phone system. You keep your numbers, and porting them to us is free.',
          'Finally: move the remaining devices, then cancel the old lines you no longer need.',
        ],
      },
      {
        kind: 'p',
        text: 'Businesses that leave it to the last months risk engineers who are booked up and suppliers with long waiting lists, just when everyone else is doing the same.',
      },
      { kind: 'h2', text: 'What about power cuts?' },
      {
        kind: 'p',
        text: 'An old copper phone kept working in a power cut because the exchange powered it. An internet phone needs power for the router and for the phone. For most businesses the answer is simple: mobiles keep working, and with our app your business number rings on them. If desk phones must keep working, a small battery backup (a UPS) for the router and network switch covers short outages.',
      },
      { kind: 'h2', text: 'Emergency calls' },
      {
        kind: 'p',
        text: '999 calls still work over internet phone systems. Make sure your provider has the right address registered for each number, so emergency services know where to send help, and ask staff who work from home to check the address recorded for their extension.',
      },
      { kind: 'h2', text: 'The short version' },
      {
        kind: 'p',
        text: `If your calls already run over the internet with ${product}, you are ready. If not, the switch-off is a good reason to move on your own schedule rather than at the deadline, and to stop paying for lines you no longer use.`,
      },
      { kind: 'link', text: 'See what moving your calls over involves, plan by plan.', to: '/plans-and-pricing', label: 'Plans and pricing' },
    ],
  },
  {
    id: '4',
    title: 'What a hosted PBX replaces (and what it does not)',
    excerpt:
      'Moving to a hosted phone system retires the box in the cupboard and the lines that feed it. A clear list of what goes, what stays and what you gain.',
    date: '2026-08-18',
    author: 'Daniel Hughes',
    category: 'Business',
    tags: ['Cloud PBX', 'Switching', 'Office setup'],
    illustration: 'cloud-pbx',
    content: [
      { kind: 'h2', text: 'First, what is a PBX?' },
      {
        kind: 'p',
        text: 'A private branch exchange (PBX) turns a handful of phone lines into a business phone system: an extension for each person, transfers, hold music, voicemail and the menu that says “press 1 for sales”. For decades that meant a box on the wall of the comms cupboard, fed by ISDN or analogue lines, with a maintenance contract to keep it running.',
      },
      {
        kind: 'p',
        text: 'A hosted, or cloud, PBX does the same job in a data centre. Your phones and apps connect to it over the internet, and you change its settings from a web dashboard instead of calling an engineer.',
      },
      { kind: 'h2', text: 'What it replaces' },
      { kind: 'h3', text: 'The box and its maintenance contract' },
      {
        kind: 'p',
        text: 'There is no hardware to buy, no software licence to renew and no engineer visit to add an extension. When an on-site system reaches the end of its life, there is nothing to replace.',
      },
      { kind: 'h3', text: 'ISDN and analogue lines' },
      {
        kind: 'p',
        text: 'The lines that feed an on-site PBX are replaced by your broadband connection. That matters more each year as the old network closes (see our article on the 2027 switch-off), and it ends the line rental you pay for every channel.',
      },
      { kind: 'h3', text: 'Separate voicemail, conferencing and call recording' },
      {
        kind: 'p',
        text: 'Features that used to be extra boxes or services are built in: voicemail delivered to e-mail, conference calls, call recording and call queues come with the system.',
      },
      { kind: 'h3', text: 'Diverts to mobiles' },
      {
        kind: 'p',
        text: 'Instead of forwarding calls to a mobile and paying for each one, the mobile becomes an extension through the app. Staff answer the business number anywhere and can transfer a call back to the office.',
      },
      { kind: 'h2', text: 'What it does not replace' },
      { kind: 'h3', text: 'Your broadband' },
      {
        kind: 'p',
        text: 'Calls travel over your internet connection, so it needs to be dependable. A typical business broadband line carries plenty of calls; a leased line suits larger offices that cannot afford an outage. Check your connection before you switch.',
      },
      { kind: 'h3', text: 'Your network' },
      {
        kind: 'p',
        text: 'Desk phones need network points, or Wi-Fi on some models, and ideally a PoE switch to power them. If your cabling is old, budget for a small upgrade.',
      },
      { kind: 'h3', text: 'Handsets, sometimes' },
      {
        kind: 'p',
        text: 'Many existing SIP desk phones can be reused. Older phones made for one particular PBX usually cannot, and either need replacing or can be retired in favour of apps and headsets.',
      },
      { kind: 'h3', text: 'Your processes' },
      {
        kind: 'p',
        text: 'A new phone system is a chance to decide how calls should flow: who answers first, what happens at lunchtime, where calls go after hours. The technology makes changes easy, but someone still has to decide.',
      },
      { kind: 'h2', text: 'What you gain' },
      {
        kind: 'ul',
        items: [
          'Changes in minutes from a dashboard: add a person, change a greeting, set holiday hours.',
          'One system across several sites and home workers, with free calls between extensions.',
          'A predictable monthly cost per user instead of a capital purchase and a maintenance bill.',
          'Resilience: if the office loses power or broadband, calls can go to mobiles automatically.',
        ],
      },
      { kind: 'h2', text: 'How to move' },
      {
        kind: 'p',
        text: 'Start with a list of your numbers and users, decide how calls should be routed and check your broadband. Then choose a plan, port your numbers and set up phones and apps; the old system keeps running until the numbers move over. Most small businesses make the switch in a week or two, without a day of downtime.',
      },
      { kind: 'link', text: 'Find out how our cloud phone system compares with a traditional PBX.', to: '/pbx-phone-system', label: 'Cloud PBX' },
    ],
  },
  {
    id: '5',
    title: 'Call quality and broadband: how much do you need for VoIP?',
    excerpt:
      'Internet calls need less bandwidth than most people think, but they are fussy about steadiness. How to size your connection and fix the usual causes of poor calls.',
    date: '2026-07-21',
    author: 'Daniel Hughes',
    category: 'VoIP',
    tags: ['Broadband', 'Call quality', 'Office setup'],
    illustration: 'broadband',
    content: [
      { kind: 'h2', text: 'Bandwidth: less than you think' },
      {
        kind: 'p',
        text: 'A phone call uses about 100kbps in each direction, including the overhead of sending audio over the internet. That is tiny next to a modern broadband line: ten calls at once need about 1 Mbps up and 1 Mbps down. A single video stream or a large upload uses far more.',
      },
      {
        kind: 'p',
        text: 'The number that catches people out is upload speed. Many broadband packages, especially older ADSL and some fibre-to-the-cabinet lines, have a small upload, and one large file sent to the cloud can fill it. When the upload is full, your voice queues behind the file and the other person hears gaps.',
      },
      { kind: 'h2', text: 'Steadiness matters more than speed' },
      { kind: 'p', text: 'Voice travels as a stream of small packets, about fifty a second. Three measurements decide how a call sounds:' },
      {
        kind: 'ul',
        items: [
          'Latency: how long a packet takes to arrive. Under 150 milliseconds one way feels natural; much more and people start talking over each other.',
          'Jitter: how much that delay varies. Phones smooth out small variations, but more than about 30 milliseconds makes the audio choppy.',
          'Packet loss: packets that never arrive. Even 1% is audible, and a few per cent makes a call hard to follow.',
        ],
      },
      {
        kind: 'p',
        text: 'A fast connection with a lot of jitter sounds worse than a modest one that is steady. Ordinary speed tests show speed; to see jitter and loss, use a test that measures them, ideally at a busy time of day.',
      },
      { kind: 'h2', text: 'How to size your connection' },
      {
        kind: 'ol',
        items: [
          'Count the most calls your business has at the same moment, not the total in a day. Most small offices rarely have more than a third of their staff on the phone at once.',
          'Allow 100kbps up and down for each of those calls.',
          'Add what everything else uses at busy times: cloud backups, video meetings, file sharing.',
          'Leave at least a third spare, so a burst of traffic does not spill over into the calls.',
        ],
      },
      { kind: 'h2', text: 'The usual culprits, and the fixes' },
      { kind: 'h3', text: 'SIP ALG on the router' },
      {
        kind: 'p',
        text: 'Many routers have a feature called SIP ALG that tries to help internet calls through the firewall and usually breaks them instead, causing one-way audio or calls that drop after a few seconds. Turn it off.',
      },
      { kind: 'h3', text: 'Wi-Fi' },
      {
        kind: 'p',
        text: 'Wi-Fi is fine for a laptop app in a quiet office but struggles when many devices share it or thick walls get in the way. Plug desk phones into the network, and use 5 GHz Wi-Fi for apps where you can.',
      },
      { kind: 'h3', text: 'Uploads that swamp the line' },
      {
        kind: 'p',
        text: 'Schedule cloud backups outside working hours, or use a router with quality of service (QoS) that gives voice packets priority. Voice traffic is usually marked with the DSCP value EF (46), so routers can recognise it.',
      },
      { kind: 'h3', text: 'Shared guest networks' },
      { kind: 'p', text: 'If customers or visitors use your Wi-Fi, put them on a separate guest network with a limit on their bandwidth.' },
      { kind: 'h2', text: 'When to upgrade' },
      {
        kind: 'p',
        text: 'If your team is larger than about twenty people, relies on video meetings as well as calls, or cannot afford to be offline, consider business fibre with a larger upload, a leased line with guaranteed speeds, or a second connection from a different provider as a backup. For most small offices, a good business broadband line with the router set up properly is all a phone system needs.',
      },
      { kind: 'link', text: 'Compare business broadband and leased lines built for voice.', to: '/business-broadband-page', label: 'Business broadband' },
    ],
  },
  {
    id: '6',
    title: 'Local, 0333 or 0800? Choosing phone numbers for your business',
    excerpt:
      'The number on your website says something about your business and decides what customers pay to call you. A guide to the UK’s number ranges and which to choose.',
    date: '2026-06-30',
    author: 'Rachel Owen',
    category: 'Numbers',
    tags: ['Numbers', 'Freephone', 'Switching'],
    illustration: 'numbers',
    content: [
      { kind: 'h2', text: 'Why the number matters' },
      {
        kind: 'p',
        text: 'Customers judge a number before they dial it. A local code suggests a business down the road; a national number suggests a company that covers the country; a freephone number says you want their call. The range you choose also decides what callers pay, and some ranges put people off calling at all.',
      },
      { kind: 'h2', text: 'Geographic numbers: 01 and 02' },
      {
        kind: 'p',
        text: 'Numbers starting 01 and 02 belong to a place: 020 for London, 0161 for Manchester, 029 for Cardiff and so on. They cost the same to call as any landline, and calls to them are included in almost every mobile and landline bundle.',
      },
      {
        kind: 'p',
        text: 'With an internet phone system, a geographic number is no longer tied to a building. A Leeds number can ring in a Leeds office, in a home office in York and on a mobile on the road. Many businesses use this to look local in several towns at once, with a number for each area they serve.',
      },
      { kind: 'h2', text: 'National numbers: 03' },
      {
        kind: 'p',
        text: 'Numbers starting 03, such as 0333 and 0345, were created by Ofcom as a trustworthy national alternative to the old 0845 and 0870 numbers. They cost callers the same as a geographic number and come out of inclusive minutes on mobiles and landlines. That makes them a good choice for a business that works across the country and does not want to be tied to one town. Public bodies and charities use them widely.',
      },
      { kind: 'h2', text: 'Freephone: 0800 and 0808' },
      {
        kind: 'p',
        text: 'Since July 2015, calls to 0800 and 0808 numbers have been free from mobiles as well as landlines. They signal that you want to hear from customers, and they work well for sales lines and customer service. The catch is that your business pays for the calls it receives, so budget for the call volume you expect.',
      },
      { kind: 'h2', text: 'Numbers to think twice about' },
      { kind: 'h3', text: '084 and 087' },
      {
        kind: 'p',
        text: 'These numbers add a service charge for the caller on top of their own provider’s access charge. Callers often have no idea what they will pay, and many avoid ringing them. Traders are not allowed to make existing customers call them about something they have bought. Unless you have a clear reason, choose an 03 number instead.',
      },
      { kind: 'h3', text: '070' },
      {
        kind: 'p',
        text: 'Numbers starting 070 look like mobile numbers but are personal numbering services, which can be expensive to call. Genuine UK mobile numbers start 071 to 075 or 077 to 079.',
      },
      { kind: 'h2', text: 'Mobile numbers' },
      {
        kind: 'p',
        text: 'A mobile number that rings on the app can suit a sole trader who wants one number for customers’ calls, kept apart from a personal phone.',
      },
      { kind: 'h2', text: 'A combination that works for most' },
      {
        kind: 'ul',
        items: [
          'A local number for each town you serve, to show customers you are nearby.',
          'An 03 number if you sell across the UK.',
          'A freephone number for sales or customer service, if the calls are worth paying for.',
        ],
      },
      {
        kind: 'p',
        text: 'All of them can ring the same phones and apps and follow the same opening hours, so adding a number changes nothing for your team. And if customers already know your number, keep it: porting it to us is free.',
      },
      { kind: 'link', text: 'Search for local, national and freephone numbers available today.', to: '/all-phone-numbers', label: 'Find a number' },
    ],
  },
];
