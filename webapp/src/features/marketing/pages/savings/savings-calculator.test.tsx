import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { catalogueFixture } from '../../../../testing/fixtures';
import { SavingsCalculator } from './savings-calculator';

function renderCalculator(options: { catalogue?: typeof catalogueFixture; isError?: boolean } = {}) {
  const catalogue = 'catalogue' in options ? options.catalogue : catalogueFixture;
  const isError = options.isError ?? false;
  render(
    <MemoryRouter>
      <SavingsCalculator catalogue={catalogue} isError={isError} />
    </MemoryRouter>,
  );
  return {
    lines: screen.getByRole('textbox', { name: 'Phone lines (users) today' }),
    bill: screen.getByRole('textbox', { name: 'Monthly phone bill today (£, excluding VAT)' }),
    minutes: screen.getByRole('textbox', { name: 'UK call minutes a month' }),
    estimate: screen.getByRole('region', { name: 'Your estimate' }),
  };
}

describe('SavingsCalculator', () => {
  it('asks for the three figures, then shows the plan, its cost and the saving as they are typed', async () => {
    const user = userEvent.setup();
    const { lines, bill, minutes, estimate } = renderCalculator();
    expect(within(estimate).getByRole('status')).toHaveTextContent('Fill in the three figures');
    expect(within(estimate).queryByRole('link')).not.toBeInTheDocument();

    await user.type(lines, '5');
    await user.type(bill, '120');
    await user.type(minutes, '3500');

    expect(within(estimate).getByRole('status')).toHaveTextContent(
      'Multi User at £34.80 a month excluding VAT: you would save £1,022.40 a year.',
    );
    expect(estimate).toHaveTextContent('We would put you on Multi User: 2 blocks of 4 users (8 users).');
    expect(estimate).toHaveTextContent('£34.80 a month excluding VAT');
    expect(estimate).toHaveTextContent('£41.76 including VAT');
    expect(estimate).toHaveTextContent('£85.20 a month');
    expect(estimate).toHaveTextContent('£1,022.40 a year');
    const breakdown = within(estimate).getByRole('list', { name: 'How the monthly cost adds up' });
    expect(breakdown).toHaveTextContent('Calls beyond your 3,000 included minutes: 500 minutes at 1p£5.00');
    expect(within(estimate).getByRole('link', { name: 'Choose this plan' })).toHaveAttribute('href', '/plans-and-pricing');

    // Live: one more line changes nothing (still 2 blocks); a lower bill turns the saving round.
    await user.clear(bill);
    await user.type(bill, '20');
    expect(within(estimate).getByRole('status')).toHaveTextContent('you would pay £177.60 more a year than today.');
    expect(estimate).toHaveTextContent('£14.80 more a month');
  });

  it('one line with few minutes: Pay As You Go, with its number priced', async () => {
    const user = userEvent.setup();
    const { lines, bill, minutes, estimate } = renderCalculator();
    await user.type(lines, '1');
    await user.type(bill, '25');
    await user.type(minutes, '60');
    expect(estimate).toHaveTextContent('We would put you on Pay As You Go for 1 user.');
    expect(estimate).toHaveTextContent('One UK phone number£2.50');
    expect(estimate).toHaveTextContent('£3.10 a month excluding VAT');
    expect(estimate).toHaveTextContent('£3.72 including VAT');
    expect(estimate).toHaveTextContent('£21.90 a month');
  });

  it('shows each field’s message beside it once touched, and no estimate until all three are right', async () => {
    const user = userEvent.setup();
    const { lines, bill, minutes, estimate } = renderCalculator();
    expect(lines).not.toHaveAttribute('aria-invalid');

    await user.type(lines, '600');
    expect(lines).toHaveAttribute('aria-invalid', 'true');
    expect(lines).toHaveAccessibleDescription(/Phone lines must be a whole number from 1 to 500\./);

    await user.type(bill, '99.50');
    expect(bill).toHaveAccessibleDescription(/Your monthly bill must be a whole number of pounds from £0 to £100,000\./);

    // Leaving a field empty asks for it.
    await user.click(minutes);
    await user.tab();
    expect(minutes).toHaveAccessibleDescription(/Enter your UK call minutes a month\./);
    expect(within(estimate).getByRole('status')).toHaveTextContent('Fill in the three figures');

    await user.clear(lines);
    await user.type(lines, '3');
    await user.clear(bill);
    await user.type(bill, '100');
    await user.type(minutes, '1,000');
    expect(lines).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/must be a whole number/)).not.toBeInTheDocument();
    expect(estimate).toHaveTextContent('£14.90 a month excluding VAT');
  });

  it('says so when the prices could not be loaded', async () => {
    const user = userEvent.setup();
    const { lines, bill, minutes, estimate } = renderCalculator({ catalogue: undefined, isError: true });
    await user.type(lines, '2');
    await user.type(bill, '50');
    await user.type(minutes, '0');
    expect(within(estimate).getByRole('status')).toHaveTextContent('We could not load our prices just now.');
  });
});
