import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { SELECTED_FREE_NUMBER_KEY, TRIAL_SETUP_PATH, type FreeNumberNavigationState } from '../../../lib/selected-free-number';
import { FreeNumbersPage } from './free-numbers-page';

const pool = [
  { value: '441632960000', displayValue: '01632 960000', status: 'Available' },
  { value: '441632960001', displayValue: '01632 960001', status: 'Available' },
];

function renderPicker() {
  return renderWithProviders(<FreeNumbersPage />, {
    route: '/free-trial-numbers',
    extraRoutes: [
      // An empty route for the trial account setup, so that only the navigation is checked.
      { path: TRIAL_SETUP_PATH, element: null },
      { path: '/', element: <p>Home page</p> },
    ],
  });
}

describe('Free trial number picker', () => {
  it('shows the loading state, then the count, the cards with FREE and status, and the benefits', async () => {
    mockFetch({ 'GET /api/free-did-numbers/': () => ({ numbers: pool }) });
    renderPicker();
    expect(screen.getByRole('status')).toHaveTextContent('Loading available numbers...');
    expect(await screen.findByText('2 numbers available')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const first = screen.getByRole('radio', { name: '01632 960000' });
    expect(first).toHaveAccessibleDescription('FREE Available');
    const benefits = screen.getByRole('region', { name: 'Your free trial includes' });
    for (const line of ['1 phone number', '1 extension', '50 minutes of calls', 'No card required']) {
      expect(within(benefits).getByText(line)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: '← Back to Home' })).toHaveAttribute('href', '/');
  });

  it('one number at a time; Proceed saves it and navigates to the trial account setup with the number', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/free-did-numbers/': () => ({ numbers: pool }) });
    const { history } = renderPicker();
    // The button holds its place while the numbers load (disabled), so nothing moves when they arrive.
    const proceed = await screen.findByRole('button', { name: 'Select a Number First' });
    expect(proceed).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: '01632 960000' }));
    await user.click(screen.getByRole('radio', { name: '01632 960001' }));
    expect(screen.getByRole('radio', { name: '01632 960000' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '01632 960001' })).toBeChecked();
    expect(screen.getAllByText('✓')).toHaveLength(1);
    expect(history.index).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Proceed with 01632 960001' }));
    // A new history entry for /free-trial-account-setup carrying the chosen number.
    expect(history.action).toBe('PUSH');
    expect(history.index).toBe(1);
    expect(history.location.pathname).toBe('/free-trial-account-setup');
    expect(history.location.state).toEqual({ selectedNumber: pool[1] } satisfies FreeNumberNavigationState);
    expect(JSON.parse(window.localStorage.getItem(SELECTED_FREE_NUMBER_KEY) ?? 'null')).toEqual(pool[1]);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('an empty pool says so', async () => {
    mockFetch({ 'GET /api/free-did-numbers/': () => ({ numbers: [] }) });
    renderPicker();
    expect(await screen.findByText('No numbers available')).toBeInTheDocument();
    expect(screen.getByText('Please check back later for available numbers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select a Number First' })).not.toBeInTheDocument();
  });

  it('a failure shows the server error, Try Again reloads, Return to Home links home', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({
      'GET /api/free-did-numbers/': () => (fail ? jsonResponse({ error: 'The number pool is unavailable', code: 'internal' }, 500) : { numbers: pool }),
    });
    renderPicker();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load numbers');
    expect(alert).toHaveTextContent('The number pool is unavailable');
    expect(within(alert).getByRole('link', { name: '← Return to Home' })).toHaveAttribute('href', '/');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('2 numbers available')).toBeInTheDocument();
  });

  it('a network failure shows "Failed to fetch numbers"', async () => {
    mockFetch({ 'GET /api/free-did-numbers/': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderPicker();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load numbers');
    expect(alert).toHaveTextContent('Failed to fetch numbers');
  });
});
