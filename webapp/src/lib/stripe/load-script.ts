/** One promise per script URL, so a page mounted twice still adds its script once. */
const loading = new Map<string, Promise<void>>();

/**
 * Adds a plain `<script src>` once and resolves when it has run. Stripe.js goes at the end of the
 * body: the local stand-in's copy finds its own server from `document.currentScript` (older
 * copies from the last script of the document), so nothing should follow it; other scripts
 * (Google's) go into the head.
 */
export function loadScript(src: string, parent: 'head' | 'body'): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    });
    (parent === 'head' ? document.head : document.body).appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
