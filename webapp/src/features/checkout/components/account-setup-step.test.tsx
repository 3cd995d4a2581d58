import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { typeAccountForm } from '../../../testing/account-form';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { mockFetch } from '../../../testing/mock-fetch';
import { initialCheckoutState } from '../checkout-slice';
import { GOOGLE_IDENTITY_SCRIPT, type GoogleCredentialResponse, type GoogleIdentity } from '../../../lib/google-identity';
import { AccountSetupStep } from './account-setup-step';

function renderForm(googleClientId: string | null = null) {
  mockFetch({});
  const store = makeStore({ checkout: { ...initialCheckoutState(), step: 2 } });
  const user = userEvent.setup();
  renderWithProviders(<AccountSetupStep googleClientId={googleClientId} />, { store });
  return { store, user };
}

/** The error shown under a field (its description). */
function errorOf(label: string) {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby')?.split(' ').find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('account setup form', () => {
  it('shows the banner and every message on an empty submit, and stays on step 2', async () => {
    const { store, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the errors below and try again.');
    expect(errorOf('Email')).toBe('Email is required');
    expect(errorOf('Password')).toBe('Password is required');
    expect(errorOf('Company Name')).toBe('Company name is required');
    expect(errorOf('First Name')).toBe('First name is required');
    expect(errorOf('Last Name')).toBe('Last name is required');
    expect(errorOf('Phone Number')).toBe('Phone number is required');
    expect(errorOf('Postcode')).toBe('Postcode is required');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(store.getState().checkout.step).toBe(2);
  });

  it('shows the format messages, and a field error clears when that field is edited', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'jane@example');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'shorter');
    await user.type(screen.getByLabelText('Phone Number'), '0207');
    await user.type(screen.getByLabelText('Postcode'), 'XYZ');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(errorOf('Password')).toBe('Password must be at least 12 characters');
    expect(errorOf('Confirm Password')).toBe('Passwords do not match');
    expect(errorOf('Phone Number')).toBe('Please enter a valid phone number');
    expect(errorOf('Postcode')).toBe('Please enter a valid UK postcode (e.g., SW1A 1AA)');

    await user.type(screen.getByLabelText('Email'), '.com');
    expect(errorOf('Email')).toBeUndefined();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    // The others stay until their own field is edited.
    expect(errorOf('Phone Number')).toBe('Please enter a valid phone number');
  });

  it('asks for address line 1 and city once the detailed address is shown', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(errorOf('Address Line 1')).toBe('Address line 1 is required');
    expect(errorOf('City')).toBe('City is required');
    expect(errorOf('Address Line 2 (optional)')).toBeUndefined();
  });

  it('a valid form goes on to the payment step', async () => {
    const { store, user } = renderForm();
    await typeAccountForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().checkout.step).toBe(3);
  });

  it('Back returns to step 1', async () => {
    const { store, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(store.getState().checkout.step).toBe(1);
  });

  it('the country is United Kingdom and read-only', () => {
    renderForm();
    expect(screen.getByLabelText('Country')).toHaveValue('United Kingdom');
    expect(screen.getByLabelText('Country')).toHaveAttribute('readonly');
  });
});

/** A Google ID token whose payload carries these claims (the signature is the server's business). */
function idToken(claims: Record<string, string>) {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`;
}

/** Google Identity Services with a button that answers with `credential`. */
function installFakeGoogle(credential: string | undefined) {
  const initialize = vi.fn();
  const google: GoogleIdentity = {
    accounts: {
      id: {
        initialize,
        renderButton: (parent) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Google: Sign up with Google';
          button.addEventListener('click', () => {
            const { callback } = initialize.mock.calls[0][0] as { callback: (response: GoogleCredentialResponse) => void };
            callback({ credential });
          });
          parent.appendChild(button);
        },
      },
    },
  };
  vi.stubGlobal('google', google);
  return { initialize };
}

describe('Sign up with Google', () => {
  it('is not offered without a Google client id', () => {
    renderForm(null);
    expect(screen.queryByText('Sign up with Google')).not.toBeInTheDocument();
  });

  it('fills the e-mail and names from the ID token, hides the passwords and marks the account', async () => {
    const credential = idToken({ email: 'jane@example.co.uk', given_name: 'Jane', family_name: 'Smith' });
    const { initialize } = installFakeGoogle(credential);
    const { store, user } = renderForm('client-123.apps.googleusercontent.com');
    const section = screen.getByRole('region', { name: 'Sign up with Google' });
    await user.click(await within(section).findByRole('button', { name: 'Google: Sign up with Google' }));

    expect(initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com' }));
    expect(screen.getByRole('status')).toHaveTextContent('Google account connected! Please complete the remaining fields below.');
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.co.uk');
    expect(screen.getByLabelText('First Name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Smith');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
    const { form } = store.getState().checkout;
    expect(form.isGoogleSignIn).toBe(true);
    expect(form.googleCredential).toBe(credential);
  });

  it('a credential without a readable payload shows the failure notice', async () => {
    installFakeGoogle('not-a-token');
    const { store, user } = renderForm('client-123');
    await user.click(await screen.findByRole('button', { name: 'Google: Sign up with Google' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Google sign in failed. Please try again or fill the form manually.');
    expect(store.getState().checkout.form.isGoogleSignIn).toBe(false);
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it("loads Google's script, and says so when it cannot", async () => {
    renderForm('client-123');
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`);
    expect(script).not.toBeNull();
    script?.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to connect Google account. Please try again or fill the form manually.');
    expect(document.head.querySelector(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`)).toBeNull();
  });
});
