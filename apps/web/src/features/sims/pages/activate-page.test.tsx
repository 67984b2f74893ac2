import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiStub, error, type StubHandler } from '../../../test/api-stub';
import { publicDetailsFixture, renderRoutes } from '../../../test/render';
import ActivatePage from './activate-page';
import ActivationResultPage from './activation-result-page';

vi.setConfig({ testTimeout: 25_000 });
afterEach(() => vi.unstubAllGlobals());

const ICCID = '8901260000000090031';
const ready = { iccid: ICCID, kind: 'esim', availability: 'activatable', planName: 'PayGo Starter eSIM', phoneNumber: null };

function setup(routes: Record<string, StubHandler | object>) {
  const stub = apiStub({ 'GET /public/service_provider/public_details': publicDetailsFixture, ...routes });
  vi.stubGlobal('fetch', vi.fn(stub.fetch));
  const view = renderRoutes(
    [
      { path: 'activate', Component: ActivatePage },
      { path: 'activation-result', Component: ActivationResultPage },
    ],
    '/activate',
  );
  return { ...stub, ...view, user: userEvent.setup() };
}

async function findSim(user: ReturnType<typeof userEvent.setup>, iccid = ICCID) {
  await user.type(screen.getByLabelText('SIM card number (ICCID)'), iccid);
  await user.click(screen.getByRole('button', { name: 'Check SIM' }));
}

describe('/activate', () => {
  it('ICCID → ZIP → follows the activation until the number arrives, then shows the result in the spec’s words', async () => {
    let activated = false;
    const { sent, router, user } = setup({
      [`POST /public/sim/${ICCID}/verify`]: { valid: true, kind: 'esim', availability: 'activatable' },
      'GET /public/sim/lookup': (_req, n) => {
        if (!activated) return ready;
        // First look after the request: still pending; then the network has answered.
        return n <= 2 ? { ...ready, availability: 'pending' } : { ...ready, availability: 'active', phoneNumber: '+12125550147' };
      },
      [`POST /public/sim/${ICCID}/activate`]: (req) => {
        if ((req.body as { zip: string }).zip === '00000') return error(400, 'INVALID_ZIP', 'Please enter a valid US ZIP code');
        activated = true;
        return { status: 202, body: { status: 'pending', iccid: ICCID, planName: 'PayGo Starter eSIM' } };
      },
    });
    await findSim(user);
    const status = await screen.findByTestId('activate-status');
    expect(within(status).getByText('2. Ready to activate: PayGo Starter eSIM')).toBeTruthy();
    await user.type(within(status).getByLabelText('ZIP code'), '00000');
    await user.click(within(status).getByRole('button', { name: 'Activate' }));
    expect(await within(status).findByText('Please enter a valid US ZIP code')).toBeTruthy();
    await user.clear(within(status).getByLabelText('ZIP code'));
    await user.type(within(status).getByLabelText('ZIP code'), '10118');
    await user.click(within(status).getByRole('button', { name: 'Activate' }));
    expect((await screen.findByTestId('activate-progress')).textContent).toMatch(/The network is setting up your number/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/activation-result'), { timeout: 15_000 });
    expect((await screen.findByTestId('activation-result')).textContent).toContain('PayGo Starter eSIM activated successfully with +1 (212) 555-0147');
    expect(sent(`POST /public/sim/${ICCID}/activate`).map((r) => r.body)).toEqual([{ zip: '00000' }, { zip: '10118' }]);
  });

  it('says when the number is not a SIM number, and when no SIM has it', async () => {
    const { user } = setup({
      'POST /public/sim/8901260000000090030/verify': { valid: false, reason: 'invalid_iccid' },
      [`POST /public/sim/${ICCID}/verify`]: { valid: false, reason: 'unknown_iccid' },
    });
    await user.click(screen.getByRole('button', { name: 'Check SIM' }));
    expect(await screen.findByText(/Enter the 18 to 22 digits/)).toBeTruthy();
    await findSim(user, '8901260000000090030');
    expect(await screen.findByText(/This is not a valid SIM number/)).toBeTruthy();
    await user.clear(screen.getByLabelText('SIM card number (ICCID)'));
    await findSim(user);
    expect(await screen.findByText(/We couldn’t find a SIM with this number/)).toBeTruthy();
  });

  it('an activation that fails for good says so', async () => {
    const { user } = setup({
      [`POST /public/sim/${ICCID}/verify`]: { valid: true, kind: 'esim', availability: 'activatable' },
      // The SIM comes back activatable after the request: the network gave up (decision 161).
      'GET /public/sim/lookup': () => ready,
      [`POST /public/sim/${ICCID}/activate`]: { status: 202, body: { status: 'pending', iccid: ICCID, planName: 'PayGo Starter eSIM' } },
    });
    await findSim(user);
    await user.type(await screen.findByLabelText('ZIP code'), '10118');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect((await screen.findByTestId('activate-failed', {}, { timeout: 10_000 })).textContent).toContain(
      'Looks like you have error activating your SIM. Please contact customer support',
    );
  });

  it('an active SIM and a SIM without a plan each say what to do instead', async () => {
    const { user } = setup({
      [`POST /public/sim/${ICCID}/verify`]: { valid: true, kind: 'physical', availability: 'active' },
      'GET /public/sim/lookup': { ...ready, kind: 'physical', availability: 'active' },
    });
    await findSim(user);
    expect((await screen.findByTestId('activate-already')).textContent).toMatch(/already active/);
    await user.click(screen.getByRole('button', { name: 'Activate another SIM' }));
    expect(screen.getByLabelText('SIM card number (ICCID)')).toBeTruthy();
  });
});
