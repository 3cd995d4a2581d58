import { describe, expect, it, vi } from 'vitest';
import { holdEarlyClicks } from './early-clicks';

describe('holdEarlyClicks', () => {
  it('holds clicks on the page’s buttons until released, then clicks them again once', () => {
    document.body.innerHTML = '<div id="root"><button type="button">Buy Now</button><a href="#x">Link</a></div><button id="outside">Outside</button>';
    const root = document.getElementById('root') as HTMLElement;
    const button = root.querySelector('button') as HTMLButtonElement;
    const release = holdEarlyClicks(root);

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

    release();
    expect(handler).toHaveBeenCalledTimes(2);
    expect(handler.mock.calls[1][0].target).toBe(button);
    // Released: clicks go straight through.
    button.click();
    expect(handler).toHaveBeenCalledTimes(3);
  });
});
