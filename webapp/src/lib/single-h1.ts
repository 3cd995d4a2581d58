/**
 * Keeps exactly one H1 on the page: every H1 after the first is turned into an H2
 * (attributes and children are moved over, so React's references to the children stay valid).
 * Returns how many were demoted.
 */
export function demoteExtraH1s(root: ParentNode = document): number {
  const headings = Array.from(root.querySelectorAll('h1'));
  let demoted = 0;
  for (const h1 of headings.slice(1)) {
    const h2 = h1.ownerDocument.createElement('h2');
    for (const attribute of Array.from(h1.attributes)) h2.setAttribute(attribute.name, attribute.value);
    while (h1.firstChild) h2.appendChild(h1.firstChild);
    h1.replaceWith(h2);
    demoted += 1;
  }
  return demoted;
}

/** Checks at once and again after `delayMs` (late content); returns a cancel function. */
export function scheduleH1Check(delayMs = 500, root: ParentNode = document): () => void {
  demoteExtraH1s(root);
  const timer = window.setTimeout(() => demoteExtraH1s(root), delayMs);
  return () => window.clearTimeout(timer);
}
