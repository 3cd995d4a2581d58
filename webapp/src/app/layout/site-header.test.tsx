import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { signedIn, signedOut } from '../../features/account/account-slice';
import { SiteHeader } from './site-header';

describe('site header: the account link', () => {
  it('says Login until the tab knows the customer is signed in, then My account; both lead to /account', () => {
    const { store } = renderWithProviders(<SiteHeader />);
    const banner = screen.getByRole('banner');
    const login = within(banner).getAllByRole('link', { name: 'Login' });
    expect(login.length).toBeGreaterThan(0);
    for (const link of login) expect(link).toHaveAttribute('href', '/account');

    act(() => {
      store.dispatch(signedIn({ email: 'ann@example.com', csrfToken: 'token', verified: true }));
    });
    expect(within(banner).queryAllByRole('link', { name: 'Login' })).toHaveLength(0);
    for (const link of within(banner).getAllByRole('link', { name: 'My account' })) expect(link).toHaveAttribute('href', '/account');

    act(() => {
      store.dispatch(signedOut());
    });
    expect(within(banner).getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
  });
});
