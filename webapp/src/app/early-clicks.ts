/** When to let go of what was held (see holdEarlyClicks). */
interface EarlyInput {
  /**
   * Once the page is live (hydrated, its effects run): the changed fields get their values
   * again, then the clicks follow. Not sooner: a click let go while React is still hydrating
   * can reach a form before its handler is attached, and submit it natively (a reload).
   */
  ready: () => void;
}

/**
 * What a visitor does on a prerendered page before React handles it (the page's code is still
 * loading): clicks on its buttons are held, and what they type or choose in its fields is
 * noted. Hydration sets each field back to the app's state, so once the page is hydrated each
 * field gets its noted value again (as a change the app sees), then the held buttons are
 * clicked, in that order: a search chosen and sent before hydration searches for what was
 * chosen. Links need no help: they work as plain links until then.
 */
export function holdEarlyClicks(root: HTMLElement): EarlyInput {
  const held: HTMLButtonElement[] = [];
  const typed = new Map<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, { value: string; checked: boolean }>();
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  const note = (event: Event) => {
    const field = event.target;
    const isField = field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement;
    if (!isField || !root.contains(field)) return;
    typed.set(field, { value: field.value, checked: field instanceof HTMLInputElement && field.checked });
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('input', note, true);
  document.addEventListener('change', note, true);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    document.removeEventListener('click', hold, true);
    document.removeEventListener('input', note, true);
    document.removeEventListener('change', note, true);
    const changed = typed.size > 0;
    for (const [field, { value, checked }] of typed) {
      if (!field.isConnected) continue;
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        if (field.checked !== checked) field.click();
        continue;
      }
      // The native setter, so the app's change tracking sees a new value.
      const prototype = Object.getPrototypeOf(field) as object;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
    typed.clear();
    const clicks = held.splice(0);
    const clickAll = () => {
      for (const button of clicks) if (button.isConnected) button.click();
    };
    // The app takes in the changes before the clicks (its updates from an event are applied
    // just after it, as between a person's actions): the clicks wait for the next task.
    if (changed) setTimeout(clickAll, 0);
    else clickAll();
  };
  return { ready: release };
}
