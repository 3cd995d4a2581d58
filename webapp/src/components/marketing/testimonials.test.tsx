import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ROTATE_MS, testimonials, Testimonials } from './testimonials';

/** jsdom has no matchMedia: answer the reduced-motion query as the visitor's browser would. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const featured = () => screen.getByRole('tabpanel');
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) });
/** Lets `ms` pass, letting React render (and set its next timer) after each timer that fires. */
function elapse(ms: number) {
  for (let left = ms; left > 0; left -= 500) act(() => vi.advanceTimersByTime(Math.min(500, left)));
}

beforeEach(() => {
  vi.useFakeTimers();
  prefersReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Testimonials', () => {
  it('shows four testimonials: one featured with its stars, each with a thumbnail', () => {
    render(<Testimonials />);
    expect(screen.getAllByRole('tab')).toHaveLength(4);
    expect(featured()).toHaveTextContent(testimonials[0].text);
    expect(featured()).toHaveTextContent('Priya Shah');
    expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(tab('Priya Shah')).toHaveAttribute('aria-selected', 'true');
  });

  it('moves on after 6 seconds, not before, and wraps round to the first', () => {
    render(<Testimonials />);
    elapse(ROTATE_MS - 1);
    expect(featured()).toHaveTextContent('Priya Shah');
    elapse(1);
    expect(featured()).toHaveTextContent('Tom Davies');
    expect(tab('Tom Davies')).toHaveAttribute('aria-selected', 'true');
    elapse(ROTATE_MS * 2);
    expect(featured()).toHaveTextContent('Marcus Okafor');
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    elapse(ROTATE_MS);
    expect(featured()).toHaveTextContent('Priya Shah');
  });

  it('stays put while the pointer is over it and carries on when it leaves', () => {
    render(<Testimonials />);
    const carousel = featured().parentElement as HTMLElement;
    fireEvent.mouseEnter(carousel);
    elapse(ROTATE_MS * 3);
    expect(featured()).toHaveTextContent('Priya Shah');
    fireEvent.mouseLeave(carousel);
    elapse(ROTATE_MS);
    expect(featured()).toHaveTextContent('Tom Davies');
  });

  it('stays put while focus is inside it and carries on when focus leaves', () => {
    render(
      <>
        <Testimonials />
        <button type="button">Elsewhere</button>
      </>,
    );
    act(() => tab('Priya Shah').focus());
    elapse(ROTATE_MS * 2);
    expect(featured()).toHaveTextContent('Priya Shah');
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    elapse(ROTATE_MS);
    expect(featured()).toHaveTextContent('Tom Davies');
  });

  it('a thumbnail click selects that testimonial, and the 6 seconds start again from it', () => {
    render(<Testimonials />);
    elapse(ROTATE_MS - 1000);
    fireEvent.click(tab('Helen Murray'));
    expect(featured()).toHaveTextContent('Helen Murray');
    expect(tab('Helen Murray')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Priya Shah')).toHaveAttribute('aria-selected', 'false');
    // Focus left the thumbnail (as after a pointer click elsewhere), so the rotation runs again.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    elapse(ROTATE_MS - 1);
    expect(featured()).toHaveTextContent('Helen Murray');
    elapse(1);
    expect(featured()).toHaveTextContent('Marcus Okafor');
  });

  it('arrow keys move between the thumbnails', () => {
    render(<Testimonials />);
    act(() => tab('Priya Shah').focus());
    fireEvent.keyDown(tab('Priya Shah'), { key: 'ArrowLeft' });
    expect(featured()).toHaveTextContent('Marcus Okafor');
    expect(tab('Marcus Okafor')).toHaveFocus();
    fireEvent.keyDown(tab('Marcus Okafor'), { key: 'ArrowRight' });
    expect(tab('Priya Shah')).toHaveFocus();
  });

  it('does not move on by itself when the visitor prefers reduced motion, until they press Play', () => {
    prefersReducedMotion(true);
    render(<Testimonials />);
    elapse(ROTATE_MS * 3);
    expect(featured()).toHaveTextContent('Priya Shah');
    const play = screen.getByRole('button', { name: 'Play testimonials' });
    fireEvent.click(play);
    act(() => play.blur());
    elapse(ROTATE_MS);
    expect(featured()).toHaveTextContent('Tom Davies');
  });

  it('Pause stops the rotation for good', () => {
    render(<Testimonials />);
    const pause = screen.getByRole('button', { name: 'Pause testimonials' });
    fireEvent.click(pause);
    act(() => pause.blur());
    elapse(ROTATE_MS * 3);
    expect(featured()).toHaveTextContent('Priya Shah');
    expect(screen.getByRole('button', { name: 'Play testimonials' })).toBeInTheDocument();
  });
});
