/** One promise per script URL, so a page mounted twice still adds its script once. */
const loading = new Map<string, Promise<void>>();

/**
 * Adds a plain `<script src>` once and resolves when it has run. `parent` matters for the local
 * Stripe stand-in: its script finds its own server from the last script of the document, so it
 * goes at the end of the body while other scripts (Google's) go into the head.
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
