import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../testing/mock-fetch';
import { fakeNumberServer, searchPage } from '../testing/fake-number-server';
import { renderNumberPage } from '../testing/render-number-page';
import type { NumberSearchResponse } from '../types';

type ServedNumber = NumberSearchResponse['numbers'][number];
import { InternationalNumbersPage } from './international-numbers-page';

const newYork: ServedNumber = {
  value: '12125550100',
  displayValue: '+1 212-555-0100',
  national: '2125550100',
  country: 'US',
  numberType: 'geographic',
  areaCode: '212',
  monthlyPence: 250,
  included: false,
  isDemo: false,
};
const frTollFree: ServedNumber = {
  value: '33800990000',
  displayValue: '+33 800990000',
  national: '0800990000',
  country: 'FR',
  numberType: 'freephone',
  areaCode: '800',
  monthlyPence: 450,
  included: false,
  isDemo: true,
};

describe('International numbers page', () => {
  it('first load: US, page 1, per_page 20, no filters; results shown with the server price', async () => {
    const server = fakeNumberServer({ search: () => searchPage([newYork]) });
    renderNumberPage(InternationalNumbersPage, '/international-numbers');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('International Phone Numbers');
    expect(await screen.findByRole('article', { name: '+1 212-555-0100' })).toHaveTextContent('£2.50 per month');
    expect(server.searches()).toEqual([{ page: '1', per_page: '20', country_code: 'US' }]);
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    expect(screen.getByLabelText('Area code')).toHaveValue('');
  });

  it('changing country clears the results and selects the first area code of the new country', async () => {
    const user = userEvent.setup();
    fakeNumberServer({ search: () => searchPage([newYork]) });
    renderNumberPage(InternationalNumbersPage, '/international-numbers');
    await screen.findByRole('article', { name: '+1 212-555-0100' });
    await user.selectOptions(screen.getByLabelText('Area code'), '415 San Francisco');
    await user.selectOptions(screen.getByLabelText('Country'), 'France (+33)');
    expect(screen.getByLabelText('Area code')).toHaveValue('1');
    expect(within(screen.getByLabelText('Area code')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Any area code', '1 Paris', '4 Marseille/Lyon', '800 Numéro vert',
    ]);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText(/then press Search to see the numbers available/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Country'), 'Canada (+1)');
    expect(screen.getByLabelText('Area code')).toHaveValue('416');
  });

  it('the mobile type forces GB, and searches send mobile_prefix 07', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({ search: () => searchPage([]) });
    renderNumberPage(InternationalNumbersPage, '/international-numbers');
    await waitFor(() => expect(server.searches()).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Number type'), 'Mobile Number');
    expect(screen.getByLabelText('Country')).toHaveValue('GB');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.searches()).toHaveLength(2));
    expect(server.searches()[1]).toEqual({ page: '1', per_page: '50', country_code: 'GB', numberType: 'mobile', mobile_prefix: '07' });
  });

  it('a search sends area code and type only when chosen; FR toll-free shows the server price £4.50', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({ search: (url) => searchPage(url.searchParams.get('country_code') === 'FR' ? [frTollFree] : []) });
    renderNumberPage(InternationalNumbersPage, '/international-numbers');
    await waitFor(() => expect(server.searches()).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Country'), 'France (+33)');
    await user.selectOptions(screen.getByLabelText('Number type'), 'Toll-Free Number');
    await user.selectOptions(screen.getByLabelText('Area code'), '800 Numéro vert');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const tollFree = await screen.findByRole('article', { name: '+33 800990000' });
    expect(tollFree).toHaveTextContent('£4.50 per month');
    expect(tollFree).toHaveTextContent('Toll-free');
    expect(server.searches()[1]).toEqual({ page: '1', per_page: '50', country_code: 'FR', areaCode: '800', numberType: 'toll-free' });

    await user.selectOptions(screen.getByLabelText('Area code'), 'Any area code');
    await user.selectOptions(screen.getByLabelText('Number type'), 'All');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.searches()).toHaveLength(3));
    expect(server.searches()[2]).toEqual({ page: '1', per_page: '50', country_code: 'FR' });
  });

  it('the prompt shows before a search, the empty message only after one', async () => {
    const user = userEvent.setup();
    fakeNumberServer({ search: () => searchPage([]) });
    renderNumberPage(InternationalNumbersPage, '/international-numbers');
    expect(await screen.findByText(/then press Search to see the numbers available/)).toBeInTheDocument();
    expect(screen.queryByText('No numbers available matching your criteria. Try different search options.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No numbers available matching your criteria. Try different search options.')).toBeInTheDocument();
  });

  it('a failed first load is only logged; a failed search shows the alert, cleared by any change', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeNumberServer({ search: () => jsonResponse({ error: 'Number search is unavailable', code: 'internal' }, 500) });
    renderNumberPage(InternationalNumbersPage, '/international-numbers');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/then press Search/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load phone numbers: Number search is unavailable. Please try again.');
    await user.selectOptions(screen.getByLabelText('Area code'), '212 New York');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('a number from abroad on the Transfer tab offers a quote for international porting with the number filled in', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({ search: () => searchPage([newYork]) });
    renderNumberPage(InternationalNumbersPage, '/international-numbers');
    await user.click(screen.getByRole('tab', { name: 'Transfer my number' }));
    expect(screen.getByText(/We arrange international porting on a quote/)).toBeInTheDocument();
    const input = screen.getByLabelText('Number to transfer');
    await user.type(input, '+33 1 23 45 67 89');
    const offer = screen.getByRole('link', { name: 'Request a quote for international porting' });
    const url = new URL(offer.getAttribute('href') ?? '', 'https://example.test');
    expect([url.pathname, url.searchParams.get('product'), url.searchParams.get('number')]).toEqual(['/quote', 'internationalPorting', '+33 1 23 45 67 89']);
    expect(input).toHaveAccessibleDescription(expect.stringContaining('We transfer numbers from abroad on a quote'));
    // Adding it leads to the offer instead: nothing goes to the cart.
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    expect(offer).toHaveFocus();
    expect(server.posted()).toHaveLength(0);

    // A UK number still goes to the cart.
    await user.clear(input);
    await user.type(input, '020 7946 0123');
    expect(screen.queryByRole('link', { name: 'Request a quote for international porting' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    await waitFor(() => expect(server.posted()).toHaveLength(1));
  });
});
