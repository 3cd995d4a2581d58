/** Small line icons drawn for these pages (24 × 24, stroked in the text colour). Decorative only. */
const PATHS = {
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H5a1 1 0 0 1-1-1zM20 14h-3v6h2a1 1 0 0 0 1-1zM17 20a4 4 0 0 1-4 2h-1',
  route: 'M6 3v6a4 4 0 0 0 4 4h8M14 9l4 4-4 4M6 21v-4',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  mic: 'M12 3a3 3 0 0 1 3 3v5a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM6 11a6 6 0 0 0 12 0M12 17v4M8 21h8',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14a6 6 0 0 1 4 7',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  video: 'M3 6h12v12H3zM15 10l6-3v10l-6-3',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 3',
  home: 'M3 11l9-8 9 8M5 9v11h5v-6h4v6h5V9',
  building: 'M4 21V4h10v17M14 9h6v12M2 21h20M7 8h1M10 8h1M7 12h1M10 12h1M7 16h1M10 16h1M17 13h1M17 17h1',
  wifi: 'M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 20h.01',
  app: 'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM11 18h2',
  menu: 'M4 5h16v4H4zM4 11h16v4H4zM4 17h10',
  music: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  voicemail: 'M6 16a4 4 0 1 1 0-8 4 4 0 0 1 0 8zM18 16a4 4 0 1 1 0-8 4 4 0 0 1 0 8zM6 16h12',
  check: 'M4 12l5 5L20 6',
  pound: 'M17 20H7c2-2 2-4 2-6V9a4 4 0 0 1 7-2.5M6 13h8',
  plug: 'M9 2v6M15 2v6M6 8h12v3a6 6 0 0 1-12 0zM12 17v5',
  heart: 'M12 20s-8-4.5-8-10a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.5-8 10-8 10z',
  spark: 'M12 2v5M12 17v5M2 12h5M17 12h5M5 5l3.5 3.5M15.5 15.5L19 19M19 5l-3.5 3.5M8.5 15.5L5 19',
  desktop: 'M3 4h18v12H3zM8 20h8M12 16v4',
  deskphone: 'M4 9h16v11H4zM7 9V5a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v4M8 13h2M14 13h2M8 16h2M14 16h2',
  lift: 'M5 3h14v18H5zM12 3v18M8 9l1.5-2L11 9M13 7l1.5 2L16 7',
  alarm: 'M6 17V11a6 6 0 0 1 12 0v6M4 17h16M10 20h4M12 3V2M4 6l-1-1M20 6l1-1',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  fax: 'M6 9V3h9l3 3v3M4 9h16v9H4zM8 14h8M7 21h10v-3H7z',
  door: 'M6 21V3h12v18M4 21h16M14 12h.01',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 28 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="sp-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
