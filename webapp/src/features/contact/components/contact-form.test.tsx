import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openExternal } from '../../../lib/full-page-load';
import { contactMailto, emptyContactMessage, validateContactMessage } from '../contact-rules';
import { ContactForm } from './contact-form';

vi.mock('../../../lib/full-page-load', () => ({ fullPageLoad: vi.fn(), openExternal: vi.fn() }));

const field = (name: string) => screen.getByLabelText(name);
const send = () => screen.getByRole('button', { name: 'Send message' });

describe('validateContactMessage', () => {
  it('needs a name, a good e-mail, a subject and a message; the phone is optional', () => {
    expect(validateContactMessage(emptyContactMessage())).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expect(validateContactMessage({ name: 'Jo', email: 'jo@example', phone: '', subject: 'Hi', message: 'Hello' })).toEqual({
      email: 'Email is invalid',
    });
    expect(validateContactMessage({ name: ' Jo ', email: 'jo@example.co.uk', phone: '', subject: 'Hi', message: 'Hello' })).toEqual({});
  });

  it('writes the phone as “Not provided” when it is left empty, and falls back to the default subject', () => {
    const href = contactMailto({ name: 'Jo', email: 'jo@example.co.uk', phone: ' ', subject: '  ', message: 'Hello' });
    expect(href.startsWith('mailto:sales@talkbridge.co.uk?subject=Contact%20Form%20Submission&body=')).toBe(true);
    expect(decodeURIComponent(href.split('&body=')[1])).toContain('Phone: Not provided');
  });
});

describe('ContactForm', () => {
  it('shows every missing field, focuses the first, and clears a message as its field is edited', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(send());
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(field('Name')).toHaveFocus();
    expect(field('Phone (optional)')).not.toHaveAttribute('aria-invalid');

    await user.type(field('Name'), 'Jo');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('opens the mail client to sales with the message written out, says so, and clears the form', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(field('Name'), 'Sam Patel');
    await user.type(field('Email'), 'sam@example.co.uk');
    await user.type(field('Subject'), 'Moving 12 lines');
    await user.type(field('Message'), 'Can you port our ISDN numbers?');
    await user.click(send());

    expect(openExternal).toHaveBeenCalledTimes(1);
    const href = vi.mocked(openExternal).mock.calls[0][0];
    expect(href).toMatch(/^mailto:sales@talkbridge\.co\.uk\?subject=Moving%2012%20lines&body=/);
    expect(decodeURIComponent(href.split('&body=')[1])).toBe(
      'Name: Sam Patel\nEmail: sam@example.co.uk\nPhone: Not provided\n\nMessage:\nCan you port our ISDN numbers?',
    );
    expect(alert).toHaveBeenCalledWith('Thank you for your message. Your email client will open to complete sending.');
    expect(field('Name')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
  });
});
