import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { buySingleUserByCard } from './service-checkout';

// Dial tone on the thank-you page: a real SIP registrar (Kamailio on SIP_REGISTRAR, default
// 127.0.0.1:5060, which .ci/test and .ci/e2e-server set to a registrar of their own, on a free
// port, against this server's database) and sipp as the buyer's softphone, set up with what the
// page shows: the server under test tells the registrar's port (SIP_PORT).

const registrar = process.env.SIP_REGISTRAR ?? '127.0.0.1:5060';
const registrarPort = registrar.slice(registrar.lastIndexOf(':') + 1);
const scenario = fileURLToPath(new URL('../../sip/tests/register.xml', import.meta.url));

test('the thank-you page turns to Registered while a softphone registers with its details', async ({ page }) => {
  await buySingleUserByCard(page, 'Dial');
  const ext101 = page.getByRole('listitem', { name: 'Extension 101' });
  const status = ext101.getByRole('status', { name: 'Extension 101 status' });
  await expect(status).toHaveText('Not registered yet');
  const valueOf = (term: string) => ext101.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(valueOf('Port')).toHaveText(registrarPort);
  await expect(valueOf('Transport')).toHaveText('UDP');
  const domain = (await ext101.locator('.sip-domain').textContent()) ?? '';
  expect(domain).toBe('sip.talkbridge.localhost');
  const username = (await valueOf('Username').textContent()) ?? '';
  await ext101.getByRole('button', { name: 'Reveal SIP password for extension 101' }).click();
  const password = (await ext101.locator('code').textContent()) ?? '';
  expect(password).not.toContain('•');

  const sipp = promisify(execFile);
  const args = [registrar, '-sf', scenario, '-m', '1', '-s', username, '-au', username, '-ap', password, '-key', 'domain', domain];
  await sipp('sipp', [...args, '-i', '127.0.0.1', '-nostdin', '-timeout', '10s', '-timeout_error'], { cwd: '/tmp' });
  await expect(status).toHaveText('Registered', { timeout: 10_000 });
});
