import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openExternal } from '../lib/full-page-load';
import { NewsletterForm } from './newsletter-form';

vi.mock('../lib/full-page-load', () => ({ fullPageLoad: vi.fn(), openExternal: vi.fn() }));

describe('NewsletterForm', () => {
  it('alerts when the email is empty and opens nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<NewsletterForm />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(alert).toHaveBeenCalledWith('Please enter your email address');
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('opens the mail client addressed to sales with the subscription subject', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup();
    render(<NewsletterForm />);
    const input = screen.getByRole('textbox', { name: /email/i });
    expect(input).toHaveAttribute('type', 'email');
    await user.type(input, 'jo@example.co.uk{Enter}');
    expect(openExternal).toHaveBeenCalledTimes(1);
    const href = vi.mocked(openExternal).mock.calls[0][0];
    expect(href).toMatch(/^mailto:sales@talkbridge\.co\.uk\?subject=Newsletter%20subscription%20request/);
    expect(decodeURIComponent(href)).toContain('jo@example.co.uk');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
