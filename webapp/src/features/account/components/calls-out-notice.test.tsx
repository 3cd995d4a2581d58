import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CallsOutNotice } from './calls-out-notice';

describe('the order’s calls out on the account page', () => {
  it('says why calls out are suspended, in the words the phones get', () => {
    render(<CallsOutNotice order={{ callsOutSuspended: 'Payment failed: update your card in your account' }} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Calls out suspended: Payment failed: update your card in your account',
    );
  });

  it('says nothing while calls out go', () => {
    const { container } = render(<CallsOutNotice order={{ callsOutSuspended: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
