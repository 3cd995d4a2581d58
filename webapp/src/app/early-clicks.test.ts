import { describe, expect, it, vi } from 'vitest';
import { holdEarlyClicks } from './early-clicks';

describe('holdEarlyClicks', () => {
  it('holds clicks on the page’s buttons until released, then clicks them again once', () => {
    document.body.innerHTML = '<div id="root"><button type="button">Buy Now</button><a href="#x">Link</a></div><button id="outside">Outside</button>';
    const root = document.getElementById('root') as HTMLElement;
    const button = root.querySelector('button') as HTMLButtonElement;
    const early = holdEarlyClicks(root);

    button.click();
    // The app's handler arrives with the hydration.
    const handler = vi.fn();
    root.addEventListener('click', handler);
    expect(handler).not.toHaveBeenCalled();

    // A link and a button outside the page are not held.
    (root.querySelector('a') as HTMLAnchorElement).click();
    expect(handler).toHaveBeenCalledTimes(1);
    const outside = vi.fn();
    document.getElementById('outside')?.addEventListener('click', outside);
    document.getElementById('outside')?.click();
    expect(outside).toHaveBeenCalledTimes(1);

    // Once the page is live, the held click goes (no field was changed: at once).
    expect(handler).toHaveBeenCalledTimes(1);
    early.ready();
    expect(handler).toHaveBeenCalledTimes(2);
    expect(handler.mock.calls[1][0].target).toBe(button);
    // Released: clicks go straight through.
    button.click();
    expect(handler).toHaveBeenCalledTimes(3);
  });
});

describe('a field changed before hydration', () => {
  it('gets its value again, as a change, and the held clicks follow in the next task', async () => {
    document.body.innerHTML =
      '<div id="root"><select name="area"><option value="0161">0161</option><option value="01202">01202</option></select><input name="q" /><input type="checkbox" name="c" /><button type="button">Search</button></div>';
    const root = document.getElementById('root') as HTMLElement;
    const select = root.querySelector('select') as HTMLSelectElement;
    const input = root.querySelector('input[name="q"]') as HTMLInputElement;
    const box = root.querySelector('input[type="checkbox"]') as HTMLInputElement;
    const early = holdEarlyClicks(root);

    select.value = '01202';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    input.value = 'Bournemouth';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    box.click();
    (root.querySelector('button') as HTMLButtonElement).click();

    // Hydration puts the app's state back into the fields.
    select.value = '0161';
    input.value = '';
    box.checked = false;
    const seen: string[] = [];
    root.addEventListener('change', (event) => seen.push(`change ${(event.target as HTMLInputElement).name}=${(event.target as HTMLInputElement).value}`));
    root.addEventListener('click', (event) => seen.push(`click ${(event.target as HTMLElement).tagName.toLowerCase()}`));

    // Nothing before the page is live.
    expect(seen).toEqual([]);
    early.ready();
    expect(select.value).toBe('01202');
    expect(input.value).toBe('Bournemouth');
    expect(box.checked).toBe(true);
    expect(seen).toEqual(['change area=01202', 'change q=Bournemouth', 'click input', 'change c=on']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.at(-1)).toBe('click button');
  });
});
