/**
 * The written set-up guides' ids, kept light on purpose: the router reads them (for the
 * prerendered /support/guides/{id} paths) without pulling every guide into the first page's
 * script. guide-page.test.tsx checks they are exactly the ids of video-guides.ts, in order.
 */
export const guideIds = ['3cx-windows', 'mac', 'zoiper-android', 'zoiper-ios', 'dashboard'] as const;

export const guidePath = (id: string) => `/support/guides/${id}`;
