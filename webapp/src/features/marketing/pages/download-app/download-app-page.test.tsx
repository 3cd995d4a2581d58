import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { siteConfig } from '../../../../config/site';
import { copyButtonMessages } from './copy-button';
import { DownloadAppPage } from './download-app-page';

function renderPage() {
  render(
    <MemoryRouter>
      <DownloadAppPage />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Your settings' });
}

/** The <dd> after the <dt> with this text. */
function valueOf(container: HTMLElement, term: string) {
  const dt = within(container).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

describe('/download-app', () => {
  it('lists our SIP domain, port and transport from the site settings, and where the username and password are', () => {
    const settings = renderPage();
    const { domain, port, transport } = siteConfig.sipServer;
    expect(valueOf(settings, 'SIP server (domain, registrar or proxy)')).toHaveTextContent(domain);
    expect(valueOf(settings, 'Port')).toHaveTextContent(String(port));
    expect(valueOf(settings, 'Transport')).toHaveTextContent(transport);
    expect(valueOf(settings, 'Username (and authentication username)')).toHaveTextContent('thank-you page');
    expect(valueOf(settings, 'Password')).toHaveTextContent('shown once on the thank-you page');
  });

  it('each Copy button copies its own value and says so beside it', async () => {
    const user = userEvent.setup();
    const writeText = stubClipboard(async () => undefined);
    const settings = renderPage();
    const { domain, port, transport } = siteConfig.sipServer;

    await user.click(within(settings).getByRole('button', { name: 'Copy SIP server' }));
    expect(writeText).toHaveBeenLastCalledWith(domain);
    expect(within(valueOf(settings, 'SIP server (domain, registrar or proxy)')).getByRole('status')).toHaveTextContent(copyButtonMessages.copied);
    expect(within(valueOf(settings, 'Port')).getByRole('status')).toBeEmptyDOMElement();

    await user.click(within(settings).getByRole('button', { name: 'Copy port' }));
    expect(writeText).toHaveBeenLastCalledWith(String(port));
    await user.click(within(settings).getByRole('button', { name: 'Copy transport' }));
    expect(writeText).toHaveBeenLastCalledWith(transport);
    expect(writeText).toHaveBeenCalledTimes(3);
    expect(within(valueOf(settings, 'Transport')).getByRole('status')).toHaveTextContent(copyButtonMessages.copied);
  });

  it('when the clipboard refuses, the button says to copy by hand', async () => {
    const user = userEvent.setup();
    stubClipboard(async () => {
      throw new Error('denied');
    });
    const settings = renderPage();
    await user.click(within(settings).getByRole('button', { name: 'Copy port' }));
    expect(within(valueOf(settings, 'Port')).getByRole('status')).toHaveTextContent(copyButtonMessages.failed);
  });

  it('links each app to its maker’s page in a new tab with rel=noopener, and links to support', () => {
    renderPage();
    const apps = screen.getByRole('region', { name: 'Choose the app for your device' });
    const external = within(apps)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')!.startsWith('https://'));
    expect(external.map((link) => new URL(link.getAttribute('href')!).hostname).sort()).toEqual([
      'apps.apple.com',
      'play.google.com',
      'www.3cx.com',
      'www.3cx.com',
      'www.zoiper.com',
      'www.zoiper.com',
    ]);
    for (const link of external) {
      expect(link).toHaveAttribute('rel', 'noopener');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
    }
    for (const platform of ['Windows', 'Mac', 'Android', 'iPhone and iPad', 'Desk phone']) {
      expect(within(apps).getByRole('heading', { level: 3, name: platform })).toBeInTheDocument();
    }
    expect(within(apps).getByRole('link', { name: 'Desk phones in our shop' })).toHaveAttribute('href', '/hardware');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
  });

  it('has a troubleshooting list for registration, one-way audio and battery saving', () => {
    renderPage();
    const help = screen.getByRole('region', { name: 'If something is not right' });
    const problems = within(help).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(problems).toEqual([
      'The app says “Registration failed” or “Not registered”',
      'You can hear them but they cannot hear you (or the other way round)',
      'Calls do not ring on your mobile when the app is in the background',
    ]);
    expect(help).toHaveTextContent('SIP ALG');
    expect(help).toHaveTextContent('Battery');
  });
});
