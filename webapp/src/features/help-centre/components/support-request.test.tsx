import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openExternal } from '../../../lib/full-page-load';
import { SupportRequest } from './support-request';

vi.mock('../../../lib/full-page-load', () => ({ fullPageLoad: vi.fn(), openExternal: vi.fn() }));

function renderForm() {
  const user = userEvent.setup();
  render(
    <>
      <SupportRequest />
      <a href="/elsewhere">Elsewhere</a>
    </>,
  );
  return user;
}

const openButton = () => screen.getByRole('button', { name: 'Request Support' });
const dialog = () => screen.getByRole('dialog', { name: 'Request Support' });

describe('SupportRequest', () => {
  it('opens an accessible dialog with the first field focused, and Escape closes it back to the button', async () => {
    const user = renderForm();
    await user.click(openButton());
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog()).getByLabelText('Name')).toHaveFocus();
    expect(within(dialog()).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(dialog()).getByLabelText('Phone')).toHaveAttribute('type', 'tel');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(openButton()).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = renderForm();
    await user.click(openButton());
    const send = within(dialog()).getByRole('button', { name: 'Send request' });
    send.focus();
    await user.tab();
    expect(within(dialog()).getByLabelText('Name')).toHaveFocus();
    await user.tab({ shift: true });
    expect(send).toHaveFocus();
  });

  it('says which fields are missing or wrong, and clears a field’s message when it is edited', async () => {
    const user = renderForm();
    await user.click(openButton());
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const form = dialog();
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Email is required')).toBeInTheDocument();
    expect(within(form).getByText('Phone number is required')).toBeInTheDocument();
    expect(within(form).getByText('Message is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(form).getByLabelText('Email'), 'jo@');
    expect(within(form).queryByText('Email is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(within(form).getByText('Email is invalid')).toBeInTheDocument();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('sends: opens the mail client to the support mailbox, says so, then closes and clears the form', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = renderForm();
    await user.click(openButton());
    const form = dialog();
    await user.type(within(form).getByLabelText('Name'), 'Jo Bloggs');
    await user.type(within(form).getByLabelText('Email'), 'jo@example.co.uk');
    await user.type(within(form).getByLabelText('Phone'), '020 7946 0123');
    await user.type(within(form).getByLabelText('Message'), 'Extension 102 will not register.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(openExternal).toHaveBeenCalledTimes(1);
    const href = vi.mocked(openExternal).mock.calls[0][0];
    expect(href).toMatch(/^mailto:support@talkbridge\.co\.uk\?subject=Support%20request%20from%20Jo%20Bloggs&body=/);
    const body = decodeURIComponent(href.split('&body=')[1]);
    expect(body).toBe('Name: Jo Bloggs\nEmail: jo@example.co.uk\nPhone: 020 7946 0123\n\nMessage:\nExtension 102 will not register.');
    expect(alert).toHaveBeenCalledWith('Thank you for your message. Your email client will open to complete sending.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(openButton()).toHaveFocus();

    await user.click(openButton());
    expect(within(dialog()).getByLabelText('Name')).toHaveValue('');
  });
});
