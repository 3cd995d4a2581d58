import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { QuoteForm } from './quote-form';
import { QuotePage } from '../routes/quote-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Jane Smith');
  await user.type(screen.getByLabelText('Company'), 'Acme Plumbing Ltd');
  await user.type(screen.getByLabelText('Email'), 'jane@acme.example');
  await user.type(screen.getByLabelText('Phone'), '020 7946 0000');
  await user.type(screen.getByLabelText('Postcode'), 'SW1A 1AA');
}

describe('the quote request form', () => {
  it('shows each message and sends nothing until the form is right', async () => {
    const { calls } = mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<QuoteForm />, { route: '/quote' });
    await user.click(screen.getByRole('button', { name: 'Request my quote' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the errors below and try again.');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByText('Please choose what you would like a quote for')).toBeInTheDocument();
    // A leased line asks for its speed and sites too.
    await user.click(screen.getByRole('radio', { name: 'Leased line' }));
    await user.clear(screen.getByLabelText('Number of sites'));
    await user.click(screen.getByRole('button', { name: 'Request my quote' }));
    expect(screen.getByLabelText('Speed')).toHaveAccessibleDescription('Please choose the line speed');
    expect(screen.getByLabelText('Number of sites')).toHaveAccessibleDescription('Please enter the number of sites, from 1 to 50');
    expect(calls.filter((call) => call.url.pathname === '/api/quote-requests')).toHaveLength(0);
  });

  it('sends the request and says when the reply will come', async () => {
    const { calls } = mockFetch({
      'POST /api/quote-requests': () => jsonResponse({ requestId: 'q1', replyBy: '2026-11-23T15:05:00Z', replyPromise: 'within the hour (by 3:05pm)' }, 201),
    });
    const user = userEvent.setup();
    renderWithProviders(<QuoteForm initialProduct="leasedLine" />, { route: '/quote' });
    await fillIn(user);
    await user.selectOptions(screen.getByLabelText('Speed'), '1 Gbps');
    await user.click(screen.getByRole('button', { name: 'Request my quote' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Our sales team will reply to jane@acme.example within the hour (by 3:05pm).');
    const sent = JSON.parse(calls.find((call) => call.url.pathname === '/api/quote-requests')!.body);
    expect(sent).toMatchObject({ product: 'leasedLine', speed: '1gbps', sites: 1, website: '' });
  });

  it("shows the server's message for a field, and a limit in words", async () => {
    let answer = jsonResponse({ error: 'Please correct the errors below and try again.', code: 'invalid_fields', fieldErrors: { email: 'Please enter a valid email address' } }, 422);
    mockFetch({ 'POST /api/quote-requests': () => answer });
    const user = userEvent.setup();
    renderWithProviders(<QuoteForm initialProduct="broadband" />, { route: '/quote' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Request my quote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the errors below and try again.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    answer = jsonResponse({ error: 'Too many attempts. Please wait a minute and try again.', code: 'too_many_attempts' }, 429);
    await user.click(screen.getByRole('button', { name: 'Request my quote' }));
    expect(await screen.findByText('You have sent several requests in a short time. Please wait an hour, or call us.')).toBeInTheDocument();
  });
  it('opens from the number pages\' offer (/quote?numbers=11) asking for that many numbers, and sends the count', async () => {
    const { calls } = mockFetch({
      'POST /api/quote-requests': () => jsonResponse({ requestId: 'q1', replyBy: '2026-11-23T15:05:00Z', replyPromise: 'within the hour (by 3:05pm)' }, 201),
    });
    const user = userEvent.setup();
    renderWithProviders(<QuotePage />, { route: '/quote?numbers=11' });
    expect(screen.getByRole('radio', { name: 'More than 10 phone numbers' })).toBeChecked();
    const count = screen.getByLabelText('How many new numbers');
    expect(count).toHaveValue(11);
    await fillIn(user);
    // Fewer than the cart holds is not a quote.
    await user.clear(count);
    await user.type(count, '10');
    await user.click(screen.getByRole('button', { name: 'Request my quote' }));
    expect(count).toHaveAccessibleDescription('Please enter how many numbers you need, from 11 to 1,000');
    await user.clear(count);
    await user.type(count, '25');
    await user.click(screen.getByRole('button', { name: 'Request my quote' }));
    await screen.findByRole('status');
    const sent = JSON.parse(calls.find((call) => call.url.pathname === '/api/quote-requests')!.body);
    expect(sent).toMatchObject({ product: 'phoneNumbers', numbers: 25 });
    expect(sent).not.toHaveProperty('sites');
  });

  it('without ?numbers= asks for no count, and another product sends none', async () => {
    renderWithProviders(<QuotePage />, { route: '/quote?product=cloudPbx' });
    expect(screen.getByRole('radio', { name: 'Cloud PBX' })).toBeChecked();
    expect(screen.queryByLabelText('How many new numbers')).not.toBeInTheDocument();
  });
});
