import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeWithCart } from '../../../app/testing/store-with-cart';
import { jsonResponse } from '../../../testing/mock-fetch';
import { fakeNumberServer, searchPage, stockNumber } from '../testing/fake-number-server';
import { renderNumberPage } from '../testing/render-number-page';
import { UkNumbersPage } from './uk-numbers-page';
import { CART_ID, emptyCart } from '../../../testing/fixtures';

const london = [stockNumber('02079460000', { areaCode: '020' }), stockNumber('02079460001', { areaCode: '020' })];
const manchester = Array.from({ length: 3 }, (_, i) => stockNumber(`0161496000${i}`));

function card(name: string) {
  return screen.getByRole('article', { name });
}

async function searchFor(user: ReturnType<typeof userEvent.setup>, areaLabel: string) {
  await user.selectOptions(screen.getByLabelText('Area code'), areaLabel);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

describe('UK numbers page', () => {
  it('opens with the 020 search and shows each number with the server price', async () => {
    const server = fakeNumberServer({ search: () => searchPage(london) });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('UK Phone Numbers');
    expect(await screen.findByRole('article', { name: '020 7946 0000' })).toHaveTextContent('£2.00 per month');
    expect(card('020 7946 0001')).toBeInTheDocument();
    expect(server.searches()).toEqual([{ page: '1', per_page: '50', country_code: 'GB', areaCode: '020' }]);
    expect(screen.getByText('No numbers selected yet. Click on a number to add it to your selection.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('searches by area code and type with per_page 50 and country GB', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({ search: () => searchPage(manchester) });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    await screen.findByRole('article', { name: '01614 960000' });
    await user.selectOptions(screen.getByLabelText('Number type'), 'Local');
    await searchFor(user, '0161 Manchester');
    await waitFor(() => expect(server.searches()).toHaveLength(2));
    expect(server.searches()[1]).toEqual({ page: '1', per_page: '50', country_code: 'GB', areaCode: '0161', numberType: 'geographic' });

    await user.selectOptions(screen.getByLabelText('Number type'), 'Mobile');
    expect(screen.queryByLabelText('Area code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.searches()).toHaveLength(3));
    expect(server.searches()[2]).toEqual({ page: '1', per_page: '50', country_code: 'GB', numberType: 'mobile', mobile_prefix: '07' });

    await user.selectOptions(screen.getByLabelText('Number type'), 'Freephone');
    expect(screen.getByLabelText('Area code')).toHaveValue('0800');
    expect(within(screen.getByLabelText('Area code')).getAllByRole('option').map((o) => o.textContent)).toEqual(['0800 Freephone', '0808 Freephone']);
  });

  it('Select + adds the number to the cart (creating it) and reads Selected; again removes it', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({ search: () => searchPage(london), included: 1 });
    const { store } = renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    await user.click(within(await screen.findByRole('article', { name: '020 7946 0000' })).getByRole('button', { name: 'Select +' }));
    const selected = await within(card('020 7946 0000')).findByRole('button', { name: 'Selected' });
    expect(selected).toHaveAttribute('aria-pressed', 'true');
    expect(server.posted()).toEqual([
      { value: '442079460000', displayValue: '020 7946 0000', provider: 'unknown', isTransfer: false, isPlaceholder: false, areaCode: '020', numberType: 'geographic', country: 'GB' },
    ]);
    expect(store.getState().cart.cartId).not.toBeNull();
    const panel = screen.getByRole('complementary', { name: 'Your selected numbers' });
    expect(within(panel).getByRole('list', { name: 'Selected numbers' })).toHaveTextContent('020 7946 0000Free');

    await user.click(within(card('020 7946 0001')).getByRole('button', { name: 'Select +' }));
    await within(card('020 7946 0001')).findByRole('button', { name: 'Selected' });
    // The second number is priced by the server (the fake prices extras at £2.00).
    expect(within(panel).getAllByRole('listitem')[1]).toHaveTextContent('020 7946 0001£2.00 per month');

    await user.click(selected);
    await within(card('020 7946 0000')).findByRole('button', { name: 'Select +' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
  });

  it('prices every card for the cart: £2.50 with Pay As You Go, sending the cartId', async () => {
    // Like the server: £2.50 for a UK landline when the cart's plan is Pay As You Go, else £2.00.
    const server = fakeNumberServer({
      cart: emptyCart({ package: 'payAsYouGo' }),
      search: (url) => searchPage(london.map((n) => ({ ...n, monthlyPence: url.searchParams.get('cartId') === CART_ID ? 250 : 200, included: false }))),
      pricePence: 250,
    });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers', storeWithCart(emptyCart({ package: 'payAsYouGo' })));
    expect(await screen.findByRole('article', { name: '020 7946 0000' })).toHaveTextContent('£2.50 per month');
    expect(card('020 7946 0001')).toHaveTextContent('£2.50 per month');
    expect(server.searches()).toEqual([{ page: '1', per_page: '50', country_code: 'GB', areaCode: '020', cartId: CART_ID }]);
  });

  it('shows Included for the number the plan includes, then the price once the cart holds it', async () => {
    const user = userEvent.setup();
    const single = emptyCart({ package: 'singleUser', nextNumberIncluded: true });
    fakeNumberServer({ cart: single, included: 1, search: () => searchPage(london.map((n) => ({ ...n, included: true }))) });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers', storeWithCart(single));
    expect(await screen.findByRole('article', { name: '020 7946 0000' })).toHaveTextContent('Included');
    expect(card('020 7946 0001')).toHaveTextContent('Included');
    await user.click(within(card('020 7946 0000')).getByRole('button', { name: 'Select +' }));
    await within(card('020 7946 0000')).findByRole('button', { name: 'Selected' });
    // The first is the included one; the next would cost £2.00, as the panel will say.
    expect(card('020 7946 0000')).toHaveTextContent('Included');
    await waitFor(() => expect(card('020 7946 0001')).toHaveTextContent('£2.00 per month'));
    expect(card('020 7946 0001')).not.toHaveTextContent('Included');
  });

  it('at the cart\'s cap keeps the refusal and offers a quote for the numbers wanted', async () => {
    const user = userEvent.setup();
    const ten = Array.from({ length: 10 }, (_, i) => ({
      value: `4416149610${i.toString().padStart(2, '0')}`, displayValue: `01614 9610${i.toString().padStart(2, '0')}`, provider: 'unknown',
      isTransfer: false, isPlaceholder: false, free: false, pricePence: 200,
    }));
    const full = emptyCart({ phoneNumbers: ten, hasSelectedNumbers: true, badgeCount: 10 });
    fakeNumberServer({
      cart: full,
      search: () => searchPage(london),
      extra: {
        [`POST /api/carts/${CART_ID}/numbers`]: () =>
          jsonResponse({ success: false, error: 'A cart can hold at most 10 numbers. Remove one to add another.', code: 'too_many_numbers' }, 422),
      },
    });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers', storeWithCart(full));
    await user.click(within(await screen.findByRole('article', { name: '020 7946 0000' })).getByRole('button', { name: 'Select +' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A cart can hold at most 10 numbers. Remove one to add another. Need more numbers? Request a quote');
    expect(within(alert).getByRole('link', { name: 'Need more numbers? Request a quote' })).toHaveAttribute('href', '/quote?numbers=11');
  });

  it('a number taken by another cart shows the 409 message and stays unselected', async () => {
    const user = userEvent.setup();
    fakeNumberServer({ search: () => searchPage(london), taken: ['442079460000'] });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    await user.click(within(await screen.findByRole('article', { name: '020 7946 0000' })).getByRole('button', { name: 'Select +' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This number has just been taken. Please choose another.');
    expect(within(card('020 7946 0000')).getByRole('button', { name: 'Select +' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('No numbers selected yet. Click on a number to add it to your selection.')).toBeInTheDocument();
  });

  it('020 with no live numbers shows the sample London number; it toggles an 020 placeholder', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({ search: () => searchPage([]) });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    const sample = await screen.findByRole('article', { name: '020 7946 0000' });
    expect(sample).toHaveTextContent('Sample London number');
    await user.click(within(sample).getByRole('button', { name: 'Select +' }));
    await within(card('020 7946 0000')).findByRole('button', { name: 'Selected' });
    expect(server.posted()[0]).toMatchObject({ value: 'placeholder-020', isPlaceholder: true, areaCode: '020' });
  });

  it('another area code with no results shows the area-code placeholder card', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({ search: (url) => searchPage(url.searchParams.get('areaCode') === '020' ? london : []) });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    await screen.findByRole('article', { name: '020 7946 0000' });
    await searchFor(user, '01202 Bournemouth');
    const placeholder = await screen.findByRole('article', { name: '01202 area code' });
    expect(placeholder).toHaveTextContent('provisioned after payment');
    expect(screen.queryByText(/No numbers found/)).not.toBeInTheDocument();
    await user.click(within(placeholder).getByRole('button', { name: 'Select +' }));
    await within(card('01202 area code')).findByRole('button', { name: 'Selected' });
    expect(server.posted()).toEqual([
      { value: 'placeholder-01202', displayValue: '01202 area code (provisioned after payment)', provider: 'unknown', isTransfer: false, isPlaceholder: true, areaCode: '01202', country: 'GB' },
    ]);
    // The cart holds the placeholder by the value sent; Selected removes it by that value.
    expect(server.cart().phoneNumbers.map((number) => number.value)).toEqual(['placeholder-01202']);
    await user.click(within(card('01202 area code')).getByRole('button', { name: 'Selected' }));
    await within(card('01202 area code')).findByRole('button', { name: 'Select +' });
    expect(server.calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([`/api/carts/${CART_ID}/numbers/placeholder-01202`]);
    expect(server.cart().phoneNumbers).toEqual([]);
  });

  it('no results without an area code (mobile) shows the UK empty message', async () => {
    const user = userEvent.setup();
    fakeNumberServer({ search: (url) => searchPage(url.searchParams.get('numberType') === 'mobile' ? [] : london) });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    await screen.findByRole('article', { name: '020 7946 0000' });
    await user.selectOptions(screen.getByLabelText('Number type'), 'Mobile');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No numbers found matching your criteria. Please try different search options.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('load more asks for the page after the last number shown and appends it, while pages remain', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({
      search: (url) => (url.searchParams.get('page') === '1' ? searchPage(manchester.slice(0, 2), 1, 2, 3) : searchPage(manchester.slice(2), 2, 2, 3)),
    });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    await screen.findByRole('article', { name: '01614 960001' });
    expect(screen.getByText('Showing 2 of 3 numbers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more numbers' }));
    await screen.findByRole('article', { name: '01614 960002' });
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(server.searches().map((query) => [query.page, query.after])).toEqual([['1', undefined], ['2', '01614960001']]);
    expect(screen.queryByRole('button', { name: 'Load more numbers' })).not.toBeInTheDocument();
  });

  it('a failed search shows the server error in the failure alert', async () => {
    fakeNumberServer({ search: () => jsonResponse({ error: 'areaCode must be up to 10 digits.', code: 'invalid_query' }, 422) });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load phone numbers: areaCode must be up to 10 digits. Please try again.');
  });

  it('the transfer tab adds the trimmed number as a transfer, clears the input, and shows a refusal', async () => {
    const user = userEvent.setup();
    const server = fakeNumberServer({ search: () => searchPage(london) });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    await screen.findByRole('article', { name: '020 7946 0000' });
    await user.click(screen.getByRole('tab', { name: 'Transfer my number' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    const input = screen.getByLabelText('Number to transfer');
    await user.type(input, '  020 7946 0123  ');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    await waitFor(() => expect(input).toHaveValue(''));
    expect(server.posted()).toEqual([{ value: '020 7946 0123', displayValue: '020 7946 0123', provider: 'unknown', isTransfer: true, isPlaceholder: false }]);
    expect(await screen.findByRole('list', { name: 'Selected numbers' })).toHaveTextContent('020 7946 0123 (transfer)');

    // Back to new numbers: the results were cleared, the prompt shows until the next search.
    await user.click(screen.getByRole('tab', { name: 'New number' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText('Choose a number type and area code, then press Search.')).toBeInTheDocument();
  });

  it('shows the server 422 message for a number that cannot be transferred and keeps the input', async () => {
    const user = userEvent.setup();
    const refusal = 'Only UK numbers starting 01, 02, 03, 07, 0800, 0808, 0845 or 0870 can be transferred.';
    fakeNumberServer({ search: () => searchPage(london), refuseTransfer: refusal });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    await user.click(screen.getByRole('tab', { name: 'Transfer my number' }));
    await user.type(screen.getByLabelText('Number to transfer'), '0909 879 0000');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByLabelText('Number to transfer')).toHaveValue('0909 879 0000');
    // Switching tabs clears the error.
    await user.click(screen.getByRole('tab', { name: 'New number' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the cart numbers with Free or their price from the cart', async () => {
    const cart = emptyCart({
      billingCycle: 'yearly',
      phoneNumbers: [
        { value: '442079460123', displayValue: '020 7946 0123', provider: 'unknown', isTransfer: false, isPlaceholder: false, free: true, pricePence: 0 },
        { value: '441614960000', displayValue: '01614 960000', provider: 'unknown', isTransfer: false, isPlaceholder: false, free: false, pricePence: 1920 },
      ],
      badgeCount: 2,
    });
    cart.totals = { ...cart.totals, billingCycle: 'yearly' };
    fakeNumberServer({ search: () => searchPage([]), cart, included: 1, pricePence: 1920 });
    renderNumberPage(UkNumbersPage, '/all-phone-numbers', storeWithCart(cart));
    const lines = within(screen.getByRole('list', { name: 'Selected numbers' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('020 7946 0123Free');
    expect(lines[1]).toHaveTextContent('01614 960000£19.20 per year');
  });

  it('Continue goes to /checkout, or back to /add-ons in checkout mode', async () => {
    const user = userEvent.setup();
    fakeNumberServer({ search: () => searchPage(london) });
    const { unmount } = renderNumberPage(UkNumbersPage, '/all-phone-numbers');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByRole('navigation', { name: 'Order progress' })).not.toBeInTheDocument();
    unmount();

    renderNumberPage(UkNumbersPage, '/all-phone-numbers?checkout=true');
    expect(screen.getByRole('navigation', { name: 'Order progress' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    expect(await screen.findByText('Add-ons page')).toBeInTheDocument();
  });
});
