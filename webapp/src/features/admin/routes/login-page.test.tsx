import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CSRF_TOKEN, fakeAdminServer, hardwareItem, staffSession } from '../testing/fake-admin-server';
import { renderAppAt } from '../testing/render-admin';
import { redirectTarget } from '../../../app/router';

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The Sign in button once it can be pressed: it is disabled while the page asks whether a session
 * is open already, and a click then does nothing (on a busy machine that answer can come late).
 */
async function signInButton() {
  const button = await screen.findByRole('button', { name: 'Sign in' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

async function signIn(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(await signInButton());
  return user;
}

describe('staff sign-in and the guard', () => {
  it('a visitor who opens /admin/hardware is sent to sign in, then comes back to it', async () => {
    const server = fakeAdminServer({ items: [hardwareItem({ name: 'Yealink T54W' })] });
    const { history } = renderAppAt('/admin/hardware');
    // The first test loads the pages' code cold: on a busy machine that takes more than a second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' }, { timeout: 3000 })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin/login');
    expect(history.location.search).toBe('?next=%2Fadmin%2Fhardware');
    // Replaced, so Back does not bounce through the guard again.
    expect(history.action).toBe('REPLACE');
    expect(history.index).toBe(0);
    expect(screen.getByText('Please sign in to continue.')).toBeInTheDocument();

    await signIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hardware manager' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin/hardware');
    expect(await screen.findByRole('tab', { name: 'All Items (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(`${ADMIN_EMAIL}`)).toBeInTheDocument();
    const login = server.calls.find((call) => call.url.pathname === '/api/admin/login');
    expect(JSON.parse(login!.body)).toEqual({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('keeps the query and hash of the page asked for', async () => {
    fakeAdminServer();
    const { history } = renderAppAt('/admin/hardware?tab=audit');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(new URLSearchParams(history.location.search).get('next')).toBe('/admin/hardware?tab=audit');
  });

  it('shows the server message for wrong details (401) and keeps the visitor on the page', async () => {
    fakeAdminServer();
    const { history } = renderAppAt('/admin/login');
    await signIn(ADMIN_EMAIL, 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is not right.');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue(ADMIN_EMAIL);
    expect(history.location.pathname).toBe('/admin/login');
  });

  it("shows the server's 'Too many attempts' message (429)", async () => {
    fakeAdminServer({ tooManyAttempts: true });
    renderAppAt('/admin/login');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Please wait a minute and try again.');
  });

  it('asks for both fields before calling the server', async () => {
    const server = fakeAdminServer();
    renderAppAt('/admin/login');
    const user = userEvent.setup();
    await user.click(await signInButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your e-mail address and password.');
    expect(server.calls.some((call) => call.url.pathname === '/api/admin/login')).toBe(false);
  });

  it("reads 'Signing in...' while the call is under way", async () => {
    let release: () => void = () => undefined;
    fakeAdminServer({
      extra: {
        'POST /api/admin/login': () =>
          new Promise((resolve) => {
            release = () => resolve(staffSession());
          }),
      },
    });
    renderAppAt('/admin/login');
    await signIn();
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await act(async () => release());
  });

  it('without ?next= goes to the page named by the navigation state, else to /admin (the page of their role)', async () => {
    fakeAdminServer();
    const { history } = renderAppAt('/admin/login', { from: { pathname: '/admin/hardware', search: '', hash: '#audit' } });
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'Hardware manager' });
    expect(`${history.location.pathname}${history.location.hash}`).toBe('/admin/hardware#audit');
  });

  it('an already signed-in visitor on /admin/login goes straight on', async () => {
    fakeAdminServer({ session: staffSession() });
    const { history } = renderAppAt('/admin/login?next=%2Fadmin%2Fhardware');
    await screen.findByRole('heading', { level: 1, name: 'Hardware manager' });
    expect(history.location.pathname).toBe('/admin/hardware');
  });

  it("'Sign out' ends the session (with the CSRF token) and the manager asks to sign in again", async () => {
    const server = fakeAdminServer({ session: staffSession() });
    const { history } = renderAppAt('/admin/hardware');
    await screen.findByRole('tab', { name: 'All Items (0)' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin/login');
    expect(history.location.search).toBe('?next=%2Fadmin%2Fhardware');
    const logout = server.fetchMock.mock.calls
      .map(([input]) => input as Request)
      .find((request) => new URL(request.url).pathname === '/api/admin/logout');
    expect(logout?.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
    expect(server.session()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('a session that ends while the page is open (401 on a call) sends the visitor to sign in', async () => {
    const server = fakeAdminServer({ session: staffSession(), items: [hardwareItem({ name: 'Old phone' })] });
    const { history } = renderAppAt('/admin/hardware');
    await screen.findByRole('tab', { name: 'All Items (1)' });
    server.expireSession();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Audit' }));
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(history.location.search).toBe('?next=%2Fadmin%2Fhardware');
  });

  it('/admin opens the staff member’s page by role: admins the hardware manager, support staff the orders', async () => {
    fakeAdminServer({ session: staffSession() });
    const { history } = renderAppAt('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Hardware manager' });
    expect(history.location.pathname).toBe('/admin/hardware');
    expect(history.action).toBe('REPLACE');
    cleanup();

    fakeAdminServer({ session: staffSession('support') });
    const support = renderAppAt('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    expect(support.history.location.pathname).toBe('/admin/orders');
    expect(support.history.action).toBe('REPLACE');
  });

  it('unknown /admin/... paths go to /admin; a visitor there signs in and lands on their page', async () => {
    expect(redirectTarget('/admin/no-such-page')).toBe('/admin');
    expect(redirectTarget('/admin/')).toBeNull();
    expect(redirectTarget('/admin/login')).toBeNull();
    expect(redirectTarget('/admin/hardware')).toBeNull();
    expect(redirectTarget('/admin/orders')).toBeNull();
    expect(redirectTarget('/admin/orders/service/1')).toBeNull();

    fakeAdminServer({ session: null });
    const { history } = renderAppAt('/admin/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(history.location.search).toBe('?next=%2Fadmin');
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'Hardware manager' });
    expect(history.location.pathname).toBe('/admin/hardware');
  });

  it('staff pages are not indexed and have their own frame (no shop footer)', async () => {
    fakeAdminServer();
    renderAppAt('/admin/login');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow'));
    expect(document.title).toBe('Staff sign-in | Talkbridge');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('a failing sign-in check offers to try again', async () => {
    fakeAdminServer({ extra: { 'GET /api/admin/me': () => new Response('oops', { status: 502 }) } });
    renderAppAt('/admin/hardware');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not check your sign-in. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
