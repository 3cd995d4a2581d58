import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../app/store';
import { catalogueFixture } from '../testing/fixtures';
import { jsonResponse, mockFetch } from '../testing/mock-fetch';
import { errorMessage } from './api-error';
import { catalogueLoaded, useCatalogue } from './catalogue';

function PlanNames() {
  const { data, isLoading, error } = useCatalogue();
  if (isLoading) return <p>Loading</p>;
  if (!data) return <p role="alert">{errorMessage(error, 'Plans could not be loaded.')}</p>;
  return <p>{data.plans.map((plan) => plan.name).join(', ')}</p>;
}

function renderTwice(store = makeStore()) {
  render(
    <Provider store={store}>
      <PlanNames />
      <PlanNames />
    </Provider>,
  );
  return store;
}

const names = catalogueFixture.plans.map((plan) => plan.name).join(', ');

describe('useCatalogue', () => {
  it('reads the price list once for every part that shows it', async () => {
    const { calls } = mockFetch({ 'GET /api/catalogue': () => catalogueFixture });
    renderTwice();
    expect(screen.getAllByText('Loading')).toHaveLength(2);
    expect(await screen.findAllByText(names)).toHaveLength(2);
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/catalogue']);
  });

  it('asks nothing when the page brought the price list along', () => {
    const { calls } = mockFetch({});
    const store = makeStore();
    store.dispatch(catalogueLoaded(catalogueFixture));
    renderTwice(store);
    expect(screen.getAllByText(names)).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal, and the fallback when the server cannot be reached', async () => {
    mockFetch({ 'GET /api/catalogue': () => jsonResponse({ error: 'The shop is being updated. Try again in a minute.', code: 'unavailable' }, 503) });
    renderTwice();
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('The shop is being updated. Try again in a minute.');

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    document.body.innerHTML = '';
    renderTwice();
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('TypeError: Failed to fetch');
  });
});
