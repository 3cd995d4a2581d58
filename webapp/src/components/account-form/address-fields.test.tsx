import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AccountFormState } from '../../lib/account-form/form-state';
import type { AddressSuggestion } from '../../lib/account-form/types';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AddressFields } from './address-fields';
import { useAccountForm } from './use-account-form';

function suggestion(overrides: Partial<AddressSuggestion> = {}): AddressSuggestion {
  return {
    id: 'a1',
    formatted: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street, London, SW1A 2AA',
    line_1: '10 Downing Street',
    line_2: 'Westminster',
    line_3: '',
    post_town: 'London',
    postcode: 'SW1A 2AA',
    county: 'Greater London',
    country: 'England',
    ...overrides,
  };
}

const lookupPath = 'GET /api/address-lookup/';

/** The fields over a page's own form state; `current()` reads that state. */
function renderAddress() {
  let latest: AccountFormState | null = null;
  function Harness() {
    const { state, handlers } = useAccountForm();
    latest = state;
    return <AddressFields form={state.form} mode={state.addressMode} errors={state.fieldErrors} {...handlers} />;
  }
  renderWithProviders(<Harness />);
  return {
    current(): AccountFormState {
      if (!latest) throw new Error('not rendered');
      return latest;
    },
  };
}

function typePostcode(value: string) {
  fireEvent.change(screen.getByLabelText('Postcode'), { target: { value } });
}

/** Node's setImmediate: a real macrotask turn (not faked). */
const nextTurn = () => new Promise<void>((resolve) => (globalThis as unknown as { setImmediate: (callback: () => void) => void }).setImmediate(resolve));

/** Real macrotask turns, so the mocked answer is read and rendered. */
async function settle() {
  for (let turn = 0; turn < 3; turn += 1) await nextTurn();
}

/**
 * Lets `ms` of the faked clock pass and the mocked answer arrive. (Testing Library's findBy
 * waits on a setTimeout, which is faked here, so these tests query synchronously after it.)
 */
async function pause(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await settle();
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('address lookup', () => {
  it('looks up 500 ms after the last change, with the postcode without spaces in upper case', async () => {
    const { calls } = mockFetch({ [lookupPath]: () => ({ result: [suggestion()] }) });
    renderAddress();
    typePostcode('sw1a');
    typePostcode('sw1a 2a');
    typePostcode('sw1a 2aa');
    await pause(499);
    expect(calls).toHaveLength(0);
    await pause(1);
    expect(calls).toHaveLength(1);
    expect(calls[0].url.searchParams.get('postcode')).toBe('SW1A2AA');
    const list = screen.getByRole('list', { name: 'Address suggestions' });
    expect(within(list).getByRole('button', { name: /10 Downing Street/ })).toBeInTheDocument();
  });

  it('does not look up under 5 or over 8 characters, and under 5 clears the suggestions', async () => {
    const { calls } = mockFetch({ [lookupPath]: () => ({ result: [suggestion()] }) });
    renderAddress();
    typePostcode('SW1A');
    await pause(600);
    typePostcode('SW1A 2AA XYZ');
    await pause(600);
    expect(calls).toHaveLength(0);

    typePostcode('SW1A 2AA');
    await pause(500);
    expect(screen.getByRole('list', { name: 'Address suggestions' })).toBeInTheDocument();
    typePostcode('SW1');
    expect(screen.queryByRole('list', { name: 'Address suggestions' })).not.toBeInTheDocument();
    await pause(600);
    expect(calls).toHaveLength(1);
  });

  it('aborts the earlier request when the postcode changes and never shows its late answer', async () => {
    const requests: Request[] = [];
    let answerFirst: (response: Response) => void = () => undefined;
    mockFetch({
      [lookupPath]: (request) => {
        requests.push(request);
        if (requests.length === 1) return new Promise<Response>((resolve) => (answerFirst = resolve));
        return { result: [suggestion({ id: 'm1', formatted: '1 Piccadilly, Manchester, M1 1AE', postcode: 'M1 1AE' })] };
      },
    });
    renderAddress();
    typePostcode('SW1A 2AA');
    await pause(500);
    expect(requests).toHaveLength(1);
    typePostcode('M1 1AE');
    expect(requests[0].signal.aborted).toBe(true);
    await pause(500);
    expect(screen.getByRole('button', { name: '1 Piccadilly, Manchester, M1 1AE' })).toBeInTheDocument();

    await act(async () => {
      answerFirst(jsonResponse({ result: [suggestion()] }));
      await settle();
    });
    expect(screen.queryByRole('button', { name: /Downing Street/ })).not.toBeInTheDocument();
    // An aborted request says nothing.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['404', () => jsonResponse({ error: 'No addresses found', code: 'postcode_not_found' }, 404), 'No addresses found for this postcode. Please check and try again.'],
    ['an empty result', () => ({ result: [] }), 'No addresses found for this postcode. Please check and try again.'],
    ['401', () => jsonResponse({ error: 'x', code: 'lookup_unavailable' }, 401), 'Address lookup service unavailable. Please enter address manually.'],
    ['402', () => jsonResponse({ error: 'x', code: 'lookup_limit' }, 402), 'Address lookup limit reached. Please enter address manually.'],
    [
      '429',
      () =>
        jsonResponse(
          { error: 'Too many address lookups from your connection. Please try again in 1 minute, or enter your address by hand.', code: 'too_many_attempts' },
          429,
        ),
      'Too many address lookups from your connection. Please try again in 1 minute, or enter your address by hand.',
    ],
    ['502', () => jsonResponse({ error: 'x', code: 'lookup_failed' }, 502), 'Unable to fetch addresses. Please enter your address manually.'],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch')), 'Unable to fetch addresses. Please enter your address manually.'],
  ])('%s shows its message', async (_case, answer, message) => {
    mockFetch({ [lookupPath]: answer });
    renderAddress();
    typePostcode('ZZ9 9ZZ');
    await pause(500);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('choosing an address fills the detailed fields; the country is fixed and read-only', async () => {
    mockFetch({ [lookupPath]: () => ({ result: [suggestion()] }) });
    const form = renderAddress();
    expect(screen.getByLabelText('Country')).toHaveValue('United Kingdom');
    expect(screen.getByLabelText('Country')).toHaveAttribute('readonly');
    typePostcode('SW1A 2AA');
    await pause(500);
    fireEvent.click(screen.getByRole('button', { name: /10 Downing Street/ }));

    expect(screen.getByLabelText('Address Line 1')).toHaveValue('10 Downing Street');
    expect(screen.getByLabelText('Address Line 2 (optional)')).toHaveValue('Westminster');
    expect(screen.getByLabelText('City')).toHaveValue('London');
    expect(screen.getByLabelText('Postcode')).toHaveValue('SW1A 2AA');
    expect(screen.getByLabelText('Country')).toHaveAttribute('readonly');
    expect(screen.queryByRole('list', { name: 'Address suggestions' })).not.toBeInTheDocument();
    expect(form.current().form.address).toBe(suggestion().formatted);

    // The detailed fields stay editable.
    fireEvent.change(screen.getByLabelText('Address Line 1'), { target: { value: '11 Downing Street' } });
    expect(screen.getByLabelText('Address Line 1')).toHaveValue('11 Downing Street');
  });

  it('Enter address manually shows the empty detailed fields without a lookup', async () => {
    const { calls } = mockFetch({});
    renderAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Enter address manually' }));
    expect(screen.getByLabelText('Address Line 1')).toHaveValue('');
    expect(screen.getByLabelText('City')).toHaveValue('');
    expect(calls).toHaveLength(0);
  });

  it('Change goes back to the lookup and empties postcode, lines, city and address', async () => {
    mockFetch({ [lookupPath]: () => ({ result: [suggestion()] }) });
    const form = renderAddress();
    typePostcode('SW1A 2AA');
    await pause(500);
    fireEvent.click(screen.getByRole('button', { name: /10 Downing Street/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));

    expect(screen.queryByLabelText('Address Line 1')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Postcode')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Enter address manually' })).toBeInTheDocument();
    const { form: fields, addressMode } = form.current();
    expect(addressMode).toBe('lookup');
    expect([fields.postcode, fields.addressLine1, fields.addressLine2, fields.city, fields.address]).toEqual(['', '', '', '', '']);
  });

  it('editing the postcode in the detailed address goes back to the lookup and looks it up', async () => {
    const { calls } = mockFetch({ [lookupPath]: () => ({ result: [suggestion({ id: 'm1', formatted: '1 Piccadilly, Manchester, M1 1AE' })] }) });
    renderAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Enter address manually' }));
    typePostcode('M1 1AE');
    expect(screen.queryByLabelText('Address Line 1')).not.toBeInTheDocument();
    await pause(500);
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('button', { name: '1 Piccadilly, Manchester, M1 1AE' })).toBeInTheDocument();
  });
});
