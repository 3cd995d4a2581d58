import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openExternal } from '../../../../lib/full-page-load';
import { PartnerApplicationForm } from './partner-application-form';

vi.mock('../../../../lib/full-page-load', () => ({ fullPageLoad: vi.fn(), openExternal: vi.fn() }));

afterEach(() => vi.mocked(openExternal).mockClear());

describe('the partner application', () => {
  it('checks every required field, focuses the first and opens nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<PartnerApplicationForm />);
    await user.type(screen.getByRole('textbox', { name: 'Email *' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the errors below and try again.');
    expect(screen.getByRole('textbox', { name: 'Your name *' })).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('textbox', { name: 'Company name *' })).toHaveAccessibleDescription('Company name is required');
    expect(screen.getByRole('textbox', { name: 'Email *' })).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByRole('textbox', { name: 'Phone *' })).toHaveAccessibleDescription('Phone number is required');
    expect(screen.getByRole('combobox', { name: 'Partner type *' })).toHaveAccessibleDescription('Please choose a partner type');
    expect(screen.getByRole('textbox', { name: 'Your name *' })).toHaveFocus();
    expect(openExternal).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();

    // Editing a field clears its error.
    await user.type(screen.getByRole('textbox', { name: 'Your name *' }), 'Jo');
    expect(screen.getByRole('textbox', { name: 'Your name *' })).not.toHaveAccessibleDescription();
  });

  it('opens the mail client addressed to sales with the application, says so in an alert, and clears', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup();
    render(<PartnerApplicationForm />);
    await user.type(screen.getByRole('textbox', { name: 'Your name *' }), 'Jo Bloggs');
    await user.type(screen.getByRole('textbox', { name: 'Company name *' }), 'Bloggs IT Ltd');
    await user.type(screen.getByRole('textbox', { name: 'Email *' }), 'jo@bloggs-it.co.uk');
    await user.type(screen.getByRole('textbox', { name: 'Phone *' }), '0161 496 0000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Partner type *' }), 'Infrastructure agent');
    await user.type(screen.getByRole('textbox', { name: 'Tell us about your business' }), 'We look after 40 offices.');
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    expect(openExternal).toHaveBeenCalledTimes(1);
    const href = vi.mocked(openExternal).mock.calls[0][0];
    expect(href).toMatch(/^mailto:sales@talkbridge\.co\.uk\?subject=Partner%20application%3A%20Bloggs%20IT%20Ltd&body=/);
    const body = decodeURIComponent(href.split('&body=')[1]);
    for (const line of ['Name: Jo Bloggs', 'Email: jo@bloggs-it.co.uk', 'Phone: 0161 496 0000', 'Partner type: Infrastructure agent', 'We look after 40 offices.']) {
      expect(body).toContain(line);
    }
    expect(alert).toHaveBeenCalledWith('Thank you for your application. Your email client will open to complete sending.');
    expect(screen.getByRole('textbox', { name: 'Your name *' })).toHaveValue('');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
