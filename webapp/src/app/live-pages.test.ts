import { hardwareApi, liveHardware } from '../features/hardware/api';
import { liveFreeNumbers, liveNumberSearch, numbersApi } from '../features/numbers/api';
import { mobileSearch } from '../features/numbers/routes/mobile-numbers-page';
import { makeStore } from './store';

// A live page's `preload` puts the answer it was rendered with in the store, as if fetched,
// and holds it until `release` (src/lib/live-page.ts), so the first render (the server's and
// the browser's hydration) shows it without asking the server.

describe('live pages preload the answer they were rendered with', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new Error('no request expected')))));
  afterEach(() => vi.unstubAllGlobals());

  it('the desk-phone shop: each brand the published phones of that brand', async () => {
    const store = makeStore();
    const answer = {
      items: [
        { id: 'c1', brand: 'cisco', name: 'Cisco 8841', pricePence: 15000, status: 'published' },
        { id: 'y1', brand: 'yealink', name: 'Yealink T54W', pricePence: 12999, status: 'published' },
      ],
    };
    const release = liveHardware.preload(store.dispatch, answer);
    const brand = (name: 'cisco' | 'yealink' | 'polycom') => hardwareApi.endpoints.getBrandHardware.select(name)(store.getState()).data;
    expect(brand('cisco')?.map((p) => p.name)).toEqual(['Cisco 8841']);
    expect(brand('yealink')?.map((p) => p.pricePence)).toEqual([12999]);
    expect(brand('polycom')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(brand('cisco')).toHaveLength(1);
    release();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a number page: the first page of its opening search, kept until released (the endpoint keeps nothing unused)', async () => {
    const store = makeStore();
    const search = mobileSearch('', 0);
    const live = liveNumberSearch(search);
    expect(live.api).toBe('/api/available_numbers/?page=1&per_page=20&country_code=GB&numberType=mobile&mobile_prefix=07');
    const release = live.preload(store.dispatch, {
      numbers: [{ value: '+447700900000', displayValue: '07700 900000', monthlyPence: 499 }],
      total_numbers: 41,
      total_pages: 3,
      current_page: 1,
      next_after: '7700900019',
    });
    const page = () => numbersApi.endpoints.searchNumbers.select(search)(store.getState()).data?.pages[0];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(page()).toMatchObject({ totalNumbers: 41, totalPages: 3, currentPage: 1, nextAfter: '7700900019' });
    expect(page()?.numbers[0].displayValue).toBe('07700 900000');
    release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(page()).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the free-trial pool', () => {
    const store = makeStore();
    const release = liveFreeNumbers.preload(store.dispatch, { numbers: [{ value: '+441632960000', displayValue: '01632 960000' }] });
    expect(numbersApi.endpoints.getFreeNumbers.select()(store.getState()).data?.[0].displayValue).toBe('01632 960000');
    release();
    expect(fetch).not.toHaveBeenCalled();
  });
});
