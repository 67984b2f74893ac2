import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLazyContracts } from '../../../test/lazy-contracts';
import type { SavedCardInfo } from '@app/shared/contracts/payments';
import { parseSandboxToken } from '@app/shared/rules/sandbox-card';
import { apiStub, error } from '../../../test/api-stub';
import { savedCard } from '../../../test/checkout-fixtures';
import { publicDetailsFixture, renderWithProviders } from '../../../test/render';
import { SavedCards } from './saved-cards';

beforeAll(loadLazyContracts);

// Typing into forms is slow on a loaded machine; these tests wait on real user events.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const gateways = { currency: 'USD', gateways: [{ id: 'sandbox', methods: ['card'], publicSettings: {}, savesCards: true }] };

const card = savedCard;

function setup(routes: Parameters<typeof apiStub>[0]) {
  const stub = apiStub({ 'GET /public/service_provider/public_details': publicDetailsFixture, 'GET /public/payment/gateways': gateways, ...routes });
  vi.stubGlobal('fetch', vi.fn(stub.fetch));
  renderWithProviders(<SavedCards />);
  return stub;
}

describe('saved cards (Payment tab)', () => {
  it('empty: says what to do, adds a card through the card form (a token, never the number)', async () => {
    let cards: SavedCardInfo[] = [];
    const { sent } = setup({
      'GET /subscriber/payment_method': () => cards,
      'POST /subscriber/payment_method': () => {
        cards = [card()];
        return cards[0];
      },
    });
    expect((await screen.findByTestId('cards-empty')).textContent).toMatch(/Add a card to pay faster/);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Card number'), '4242424242424242');
    await user.type(within(dialog).getByLabelText('Expiry date'), '1230');
    await user.type(within(dialog).getByLabelText('Security code (CVC)'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('VISA ending in 4242')).toBeTruthy();
    const body = sent('POST /subscriber/payment_method')[0]!.body as { cardToken: string; makeDefault: boolean };
    expect(parseSandboxToken(body.cardToken)).toMatchObject({ outcome: 'ok', expMonth: 12, expYear: 2030 });
    expect(JSON.stringify(body)).not.toContain('4242424242424242');
    expect(body.makeDefault).toBe(true);
  });

  it('a declined card is explained in the dialog', async () => {
    setup({ 'GET /subscriber/payment_method': [], 'POST /subscriber/payment_method': error(402, 'PAYMENT_DECLINED', 'x', { reason: 'card_declined' }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Card number'), '4000000000000002');
    await user.type(within(dialog).getByLabelText('Expiry date'), '1230');
    await user.type(within(dialog).getByLabelText('Security code (CVC)'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect((await within(dialog).findByTestId('add-card-error')).textContent).toMatch(/declined by your bank/);
  });

  it('deletes only after confirming; flags and default go to their endpoints', async () => {
    let cards = [card(), card({ id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3e', last4: '3220', isDefault: false })];
    const { sent } = setup({
      'GET /subscriber/payment_method': () => cards,
      [`DELETE /subscriber/payment_method/${cards[1]!.id}`]: () => {
        cards = [cards[0]!];
        return { status: 204 };
      },
      'POST /subscriber/auto_renew/enable': () => {
        cards = cards.map((c, i) => ({ ...c, autoRenew: i === 0 }));
        return cards;
      },
    });
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('saved-card');
    expect(rows).toHaveLength(2);

    await user.click(within(rows[0]!).getByRole('checkbox', { name: 'Auto-renew' }));
    await waitFor(() => expect(sent('POST /subscriber/auto_renew/enable')[0]?.body).toEqual({ paymentMethodId: cards[0]!.id }));

    await user.click(screen.getByRole('button', { name: 'Delete VISA ending in 3220' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Delete this card?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent(`DELETE /subscriber/payment_method/0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3e`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete VISA ending in 3220' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('saved-card')).toHaveLength(1));
    expect(sent(`DELETE /subscriber/payment_method/0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3e`)).toHaveLength(1);
  });
});
