/**
 * Clicks on a prerendered page's buttons before React handles them (the page's code is still
 * loading): held, and clicked again right after `hydrateRoot`, which hydrates at once for a
 * click (the page's code is then loaded), so none is lost. Links need no help: they work as
 * plain links until then. Returns the release, which stops holding and replays the clicks.
 */
export function holdEarlyClicks(root: HTMLElement): () => void {
  const held: HTMLButtonElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    for (const button of held.splice(0)) if (button.isConnected) button.click();
  };
}
