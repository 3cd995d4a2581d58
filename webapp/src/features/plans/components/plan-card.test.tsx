import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { catalogueFixture } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { homePageRules, plansPageRules } from '../quantity-rules';
import { PlanCard } from './plan-card';

const [payg, single, multi] = catalogueFixture.plans;

/** The quotes the card asked for (it also reads the price list, once). */
function quoteServer() {
  const calls: { url: URL }[] = [];
  mockFetch({
    'GET /api/catalogue': () => catalogueFixture,
    'GET /api/quote': (request) => {
      calls.push({ url: new URL(request.url) });
      const params = new URL(request.url).searchParams;
      const quantity = Number(params.get('quantity'));
      // A recognisable figure that the card can only have got from the server.
      return { plan: params.get('plan'), billingCycle: params.get('billingCycle'), quantity, blocks: quantity, unitPence: 111, linePence: quantity * 1111 };
    },
  });
  return { calls };
}

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('PlanCard prices from the price list', () => {
  it('Pay As You Go shows its call rates, minimum credit and extra number price from the server', async () => {
    quoteServer();
    renderWithProviders(<PlanCard plan={payg} cycle="monthly" rules={homePageRules} onBuyNow={vi.fn()} />);
    const scope = within(card('Pay As You Go'));
    expect(scope.getByText('UK calls 1p a minute to landlines, 8.3p to mobiles')).toBeInTheDocument();
    expect(await scope.findByText('£10.00 minimum call credit')).toBeInTheDocument();
    expect(scope.getByText('Extra numbers £2.50 a month')).toBeInTheDocument();
  });

  it('a plan with minutes included shows no call rates', () => {
    quoteServer();
    renderWithProviders(<PlanCard plan={single} cycle="monthly" rules={homePageRules} onBuyNow={vi.fn()} />);
    expect(within(card('Single User')).queryByText(/a minute to landlines/)).not.toBeInTheDocument();
  });
});

describe('PlanCard with the home page rules', () => {
  it('starts at 0 with minus and Buy Now disabled; the first plus sets 1', async () => {
    const { calls } = quoteServer();
    const user = userEvent.setup();
    renderWithProviders(<PlanCard plan={single} cycle="monthly" rules={homePageRules} onBuyNow={vi.fn()} />);
    const scope = within(card('Single User'));
    expect(scope.getByLabelText('Users')).toHaveValue(0);
    expect(scope.getByRole('button', { name: 'Decrease users' })).toBeDisabled();
    expect(scope.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    expect(calls).toHaveLength(0);

    await user.click(scope.getByRole('button', { name: 'Increase users' }));
    expect(scope.getByLabelText('Users')).toHaveValue(1);
    expect(scope.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(scope.getByRole('button', { name: 'Decrease users' })).toBeDisabled();
    expect(await scope.findByText('£11.11')).toBeInTheDocument();
    expect(calls[0].url.search).toBe('?plan=singleUser&billingCycle=monthly&quantity=1');
  });

  it('multi user: the first plus sets 4, then steps by 4, never below 4', async () => {
    quoteServer();
    const user = userEvent.setup();
    renderWithProviders(<PlanCard plan={multi} cycle="yearly" rules={homePageRules} onBuyNow={vi.fn()} />);
    const scope = within(card('Multi User'));
    await user.click(scope.getByRole('button', { name: 'Increase users' }));
    expect(scope.getByLabelText('Users')).toHaveValue(4);
    await user.click(scope.getByRole('button', { name: 'Increase users' }));
    expect(scope.getByLabelText('Users')).toHaveValue(8);
    await user.click(scope.getByRole('button', { name: 'Decrease users' }));
    expect(scope.getByLabelText('Users')).toHaveValue(4);
    expect(scope.getByRole('button', { name: 'Decrease users' })).toBeDisabled();
  });

  it('Buy Now hands the selection over and shows a refusal', async () => {
    quoteServer();
    const user = userEvent.setup();
    const onBuyNow = vi.fn().mockRejectedValue({ status: 422, data: { error: 'Multi user needs at least 4 users', code: 'below_plan_minimum' } });
    renderWithProviders(<PlanCard plan={multi} cycle="monthly" rules={homePageRules} onBuyNow={onBuyNow} />);
    const scope = within(card('Multi User'));
    await user.click(scope.getByRole('button', { name: 'Increase users' }));
    await user.click(scope.getByRole('button', { name: 'Buy Now' }));
    expect(onBuyNow).toHaveBeenCalledWith({ plan: 'multiUser', billingCycle: 'monthly', quantity: 4 });
    expect(await scope.findByRole('alert')).toHaveTextContent('Multi user needs at least 4 users');
  });
});

describe('PlanCard with the plans page rules', () => {
  it('starts at 1 with minus disabled; typing clamps to the minimum and ignores non-numbers', async () => {
    quoteServer();
    const user = userEvent.setup();
    renderWithProviders(<PlanCard plan={single} cycle="monthly" rules={plansPageRules} onBuyNow={vi.fn()} />);
    const scope = within(card('Single User'));
    const input = scope.getByLabelText('Users');
    expect(input).toHaveValue(1);
    expect(scope.getByRole('button', { name: 'Decrease users' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect(input).toHaveValue(1);
    await user.clear(input);
    await user.type(input, '6{Enter}');
    expect(input).toHaveValue(6);
    expect(await scope.findByText('£66.66')).toBeInTheDocument();
  });

  it('multi user: 4 -> 8 -> 4, minus disabled at 4, typing 3 gives 4', async () => {
    quoteServer();
    const user = userEvent.setup();
    renderWithProviders(<PlanCard plan={multi} cycle="monthly" rules={plansPageRules} onBuyNow={vi.fn()} />);
    const scope = within(card('Multi User'));
    const input = scope.getByLabelText('Users');
    const minus = scope.getByRole('button', { name: 'Decrease users' });
    expect(input).toHaveValue(4);
    expect(minus).toBeDisabled();
    await user.click(scope.getByRole('button', { name: 'Increase users' }));
    expect(input).toHaveValue(8);
    expect(minus).toBeEnabled();
    await user.click(minus);
    expect(input).toHaveValue(4);
    await user.clear(input);
    await user.type(input, '3');
    await user.tab();
    await waitFor(() => expect(input).toHaveValue(4));
  });
});
