import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../testing/mock-fetch';
import { fakeNumberServer, searchPage, stockNumber } from '../testing/fake-number-server';
import { renderNumberPage } from '../testing/render-number-page';
import { transferMessages } from '../../../lib/transfer-rules';
import { MobileNumbersPage } from './mobile-numbers-page';

const mobiles = [stockNumber('07700900000', { areaCode: '07700' }), stockNumber('07700900001', { areaCode: '07700' })];

describe('Mobile numbers page', () => {
  it('runs on first load with numberType mobile, GB, prefix 07, per_page 20; the country is fixed', async () => {
    const server = fakeNumberServer({ search: () => searchPage(mobiles) });
    renderNumberPage(MobileNumbersPage, '/mobile-numbers');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('UK Mobile Numbers');
    expect(await screen.findByRole('article', { name: '07700 900000' })).toHaveTextContent('£4.99 per month');
    expect(server.searches()).toEqual([{ page: '1', per_page: '20', country_code: 'GB', numberType: 'mobile', mobile_prefix: '07' }]);
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('United Kingdom');
    expect(country).toHaveAttribute('readonly');
  });

  it('searches by prefix; no results shows the mobile empty message', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({ search: (url) => searchPage(url.searchParams.get('mobile_prefix') === '074' ? [] : mobiles) });
    renderNumberPage(MobileNumbersPage, '/mobile-numbers');
    await screen.findByRole('article', { name: '07700 900000' });
    expect(screen.getByLabelText('Prefix')).toHaveDisplayValue('Any');
    await user.selectOptions(screen.getByLabelText('Prefix'), '074');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No mobile numbers found matching your criteria. Please try different search options.')).toBeInTheDocument();
    expect(server.searches()[1]).toEqual({ page: '1', per_page: '20', country_code: 'GB', numberType: 'mobile', mobile_prefix: '074' });
    await user.selectOptions(screen.getByLabelText('Prefix'), '077');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('article', { name: '07700 900001' })).toBeInTheDocument();
  });

  it('a failed search shows the mobile failure message', async () => {
    fakeNumberServer({ search: () => jsonResponse({ error: 'mobile_prefix must be up to 10 digits.', code: 'invalid_query' }, 422) });
    renderNumberPage(MobileNumbersPage, '/mobile-numbers');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load mobile numbers: mobile_prefix must be up to 10 digits. Please try again later.',
    );
  });

  it('a transfer value is trimmed', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({ search: () => searchPage(mobiles) });
    renderNumberPage(MobileNumbersPage, '/mobile-numbers');
    await user.click(screen.getByRole('tab', { name: 'Transfer my number' }));
    await user.type(screen.getByLabelText('Number to transfer'), ' 0161 496 0000 ');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    await waitFor(() => expect(server.posted()).toHaveLength(1));
    expect(server.posted()[0]).toMatchObject({ value: '0161 496 0000', isTransfer: true });
  });

  it('a mobile asks for its PAC code, checks it here, and sends it normalised', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({ search: () => searchPage(mobiles) });
    renderNumberPage(MobileNumbersPage, '/mobile-numbers');
    await user.click(screen.getByRole('tab', { name: 'Transfer my number' }));
    expect(screen.queryByLabelText('PAC code')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Number to transfer'), '07700 900123');
    const pac = screen.getByLabelText('PAC code');
    expect(pac).toHaveAccessibleDescription('Text PAC to 65075 from the phone to get it; it is valid for 30 days.');

    // Missing, then malformed: the field says why, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    expect(pac).toHaveAccessibleDescription(expect.stringContaining(transferMessages.pacRequired));
    expect(pac).toHaveFocus();
    await user.type(pac, 'AB1234567');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    expect(pac).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(transferMessages.pacInvalid)).toBeInTheDocument();
    expect(server.posted()).toHaveLength(0);

    await user.clear(pac);
    await user.type(pac, 'abc 123 456');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    await waitFor(() => expect(server.posted()).toHaveLength(1));
    expect(server.posted()[0]).toEqual({ value: '07700 900123', displayValue: '07700 900123', provider: 'unknown', isTransfer: true, isPlaceholder: false, pac: 'ABC123456' });
    await waitFor(() => expect(screen.getByLabelText('Number to transfer')).toHaveValue(''));
    expect(screen.queryByLabelText('PAC code')).not.toBeInTheDocument();
  });
});
