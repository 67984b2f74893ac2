import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Sim } from '@app/shared/contracts/sims';
import { error } from '../../../test/api-stub';
import { renderSignedIn, renderSignedOut } from '../../../test/render';
import { sim } from '../../../test/sim-fixtures';
import WifiActionsPage from './wifi-actions-page';

vi.setConfig({ testTimeout: 20_000 });

const address = { street: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10118' };

async function fillAddress(user: ReturnType<typeof userEvent.setup>, a: Partial<typeof address> = address) {
  for (const [label, value] of [
    ['Street address', a.street],
    ['City', a.city],
    ['State', a.state],
    ['ZIP code', a.zip],
  ] as const) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('/wifi-actions signed in', () => {
  it('turns Wi-Fi calling on with a 911 address; the network’s rejection marks the field it refused', async () => {
    let current: Sim = sim();
    const { sent } = renderSignedIn(<WifiActionsPage />, {
      route: '/wifi-actions',
      api: {
        'GET /subscriber/sim': () => ({ total: 1, data: [current] }),
        [`GET /subscriber/sim/${current.id}`]: () => current,
        [`POST /subscriber/sim/${current.id}/pwg/wfc`]: (_req, n) => {
          if (n === 1) return error(400, 'E911_ADDRESS_INVALID', 'x', { errors: [{ field: 'address.zip', message: 'ZIP does not match', code: 'invalid' }] });
          current = { ...current, pendingAction: { id: '10000000-0000-4000-8000-000000000001', type: 'set_wifi_calling', since: '2026-11-23T10:00:00.000Z' } };
          return current;
        },
      },
    });
    const user = userEvent.setup();
    expect((await screen.findByTestId('wifi-state')).textContent).toMatch(/Wi-Fi calling is off/);
    // Checked in the browser first: nothing is sent without an address.
    await user.click(screen.getByRole('button', { name: 'Turn on Wi-Fi calling' }));
    await waitFor(() => expect(screen.getByLabelText('Street address').getAttribute('aria-invalid')).toBe('true'));
    expect(sent(`POST /subscriber/sim/${current.id}/pwg/wfc`)).toHaveLength(0);
    await fillAddress(user, { ...address, zip: '90210' });
    await user.click(screen.getByRole('button', { name: 'Turn on Wi-Fi calling' }));
    await waitFor(() => expect(screen.getByLabelText('ZIP code').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByTestId('wifi-problem').textContent).toBe('The 911 address could not be validated. Please check the highlighted fields.');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Turn on Wi-Fi calling' }));
    await screen.findByTestId('wifi-pending');
    const [, second] = sent(`POST /subscriber/sim/${current.id}/pwg/wfc`);
    expect(second!.body).toEqual({ enabled: true, address });
  });

  it('with Wi-Fi calling on: shows the address and turns it off without asking for one', async () => {
    const current = sim({ wifiCalling: true, e911Address: address });
    const { sent } = renderSignedIn(<WifiActionsPage />, {
      route: '/wifi-actions',
      api: {
        'GET /subscriber/sim': { total: 1, data: [current] },
        [`POST /subscriber/sim/${current.id}/pwg/wfc`]: { ...current, wifiCalling: false },
      },
    });
    const user = userEvent.setup();
    expect((await screen.findByTestId('wifi-state')).textContent).toContain('350 Fifth Avenue, New York, NY 10118');
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('350 Fifth Avenue');
    await user.click(screen.getByRole('button', { name: 'Turn off Wi-Fi calling' }));
    await waitFor(() => expect(sent(`POST /subscriber/sim/${current.id}/pwg/wfc`)).toHaveLength(1));
    expect(sent(`POST /subscriber/sim/${current.id}/pwg/wfc`)[0]!.body).toEqual({ enabled: false });
  });

  it('no SIM on the network: says so', async () => {
    renderSignedIn(<WifiActionsPage />, { route: '/wifi-actions', api: { 'GET /subscriber/sim': { total: 0, data: [] } } });
    await screen.findByTestId('wifi-no-sims');
  });
});

describe('/wifi-actions signed out', () => {
  it('names the SIM by its ICCID and sends the address to the public endpoint', async () => {
    const { sent } = renderSignedOut(<WifiActionsPage />, {
      route: '/wifi-actions',
      api: { 'POST /public/sim/8901260000000090011/wfc': { status: 202, body: { iccid: '8901260000000090011', status: 'pending', enabled: true } } },
    });
    const user = userEvent.setup();
    const panel = await screen.findByTestId('wifi-signed-out');
    await fillAddress(user);
    await user.click(within(panel).getByRole('button', { name: 'Turn on Wi-Fi calling' }));
    expect(await within(panel).findByText('Please enter the ICCID printed on the card (digits only).')).toBeTruthy();
    await user.type(within(panel).getByLabelText('SIM card number (ICCID)'), '8901260000000090011');
    await user.click(within(panel).getByRole('button', { name: 'Turn on Wi-Fi calling' }));
    expect((await screen.findByTestId('wifi-public-sent')).textContent).toMatch(/validated/);
    expect(sent('POST /public/sim/8901260000000090011/wfc')[0]!.body).toEqual({ enabled: true, address });
  });
});
