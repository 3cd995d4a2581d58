import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { CloudComparison, COMPARISON_HEADING, comparisonRows, drawingNames } from './cloud-comparison';

/** jsdom has no matchMedia: answer the reduced-motion query as the visitor's browser would. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

/** An IntersectionObserver the test drives: `show()` reports the block on screen. */
function fakeIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeObserver {
    targets: Element[] = [];
    constructor(public callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(target: Element) {
      this.targets.push(target);
    }
    disconnect() {
      this.targets = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    watching: () => observers.some((observer) => observer.targets.length > 0),
    show: () =>
      act(() => {
        for (const observer of observers)
          for (const target of observer.targets)
            observer.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
      }),
  };
}

const frame = () => document.querySelector('.cc-frame') as HTMLElement;

describe('CloudComparison', () => {
  it('is a named region with two named drawings and the comparison as a table, and shows no error', () => {
    prefersReducedMotion(false);
    renderWithProviders(<CloudComparison />);
    const region = screen.getByRole('region', { name: COMPARISON_HEADING });
    expect(within(region).getByRole('figure', { name: 'One incoming call, two phone systems.' })).toBeInTheDocument();
    expect(within(region).getByRole('img', { name: drawingNames.before })).toBeInTheDocument();
    expect(within(region).getByRole('img', { name: drawingNames.after })).toBeInTheDocument();
    const table = within(region).getByRole('table', { name: 'A phone line and a PBX compared with a cloud phone system' });
    expect(within(table).getAllByRole('row')).toHaveLength(comparisonRows.length + 1);
    expect(within(table).getByRole('rowheader', { name: 'A power cut or fault' })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Compare every plan’s features' })).toHaveAttribute('href', '/plans-and-pricing#compare');
    expect(within(region).getByRole('link', { name: 'request a quote' })).toHaveAttribute('href', '/quote');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/error|fail/i);
    expect(document.querySelector('video')).toBeNull();
  });

  it('plays the call only once the block is on screen, and again on request', () => {
    prefersReducedMotion(false);
    const observer = fakeIntersectionObserver();
    renderWithProviders(<CloudComparison />);
    expect(frame()).toHaveAttribute('data-playing', 'false');
    expect(observer.watching()).toBe(true);
    observer.show();
    expect(frame()).toHaveAttribute('data-playing', 'true');
    expect(observer.watching()).toBe(false);
    const firstDrawing = screen.getByRole('img', { name: drawingNames.after });
    fireEvent.click(screen.getByRole('button', { name: 'Play the call again' }));
    expect(frame()).toHaveAttribute('data-playing', 'true');
    // A fresh drawing restarts the animation from its first frame.
    expect(screen.getByRole('img', { name: drawingNames.after })).not.toBe(firstDrawing);
  });

  it('plays at once where the browser cannot tell when it is seen', () => {
    prefersReducedMotion(false);
    vi.stubGlobal('IntersectionObserver', undefined);
    renderWithProviders(<CloudComparison />);
    expect(frame()).toHaveAttribute('data-playing', 'true');
  });

  it('stands still under reduced motion, even when seen or asked to play (the stylesheet hides the button)', () => {
    prefersReducedMotion(true);
    const observer = fakeIntersectionObserver();
    renderWithProviders(<CloudComparison />);
    expect(observer.watching()).toBe(false);
    observer.show();
    fireEvent.click(screen.getByRole('button', { name: 'Play the call again' }));
    expect(frame()).toHaveAttribute('data-playing', 'false');
    expect(screen.getByRole('img', { name: drawingNames.before })).toBeInTheDocument();
  });
});
