import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoteExtraH1s, scheduleH1Check } from './single-h1';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('one H1 per page', () => {
  it('keeps the first H1 and turns the others into H2 with their content and attributes', () => {
    document.body.innerHTML = '<h1>Main</h1><section><h1 class="big" id="x">Second <em>one</em></h1></section>';
    expect(demoteExtraH1s()).toBe(1);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    const h2 = document.querySelector('h2');
    expect(h2).toHaveClass('big');
    expect(h2).toHaveAttribute('id', 'x');
    expect(h2?.innerHTML).toBe('Second <em>one</em>');
  });

  it('leaves a page with one H1 alone', () => {
    document.body.innerHTML = '<h1>Only</h1><h2>Sub</h2>';
    expect(demoteExtraH1s()).toBe(0);
    expect(document.body.innerHTML).toBe('<h1>Only</h1><h2>Sub</h2>');
  });

  it('checks again after 500 ms for content that arrives late', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<h1>Main</h1>';
    scheduleH1Check(500);
    document.body.insertAdjacentHTML('beforeend', '<h1>Late</h1>');
    expect(document.querySelectorAll('h1')).toHaveLength(2);
    vi.advanceTimersByTime(500);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelector('h2')).toHaveTextContent('Late');
  });
});
