import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLazyContracts } from '../../../test/lazy-contracts';
import type { SavedCardInfo } from '@app/shared/contracts/payments';
import { apiStub } from '../../../test/api-stub';
import { publicDetailsFixture, renderWithProviders } from '../../../test/render';
import type { StripeLike } from '../stripe/stripe-loader';
import { SavedCards } from './saved-cards';

beforeAll(loadLazyContracts);

vi.setConfig({ testTimeout: 20_000 });

// Stripe.js cannot load here: a double of it, handed to the card form through the loader module.
let changed: ((e: { complete: boolean }) => void) | undefined;
const createPaymentMethod = vi.fn(async () => ({ paymentMethod: { id: 'pm_saved_card_1' } }));
const fakeStripe = {
  elements: () => ({
    create: () => ({
      mount: vi.fn(),
      destroy: vi.fn(),
      focus: vi.fn(),
      on: (event: string, handler: never) => {
        if (event === 'change') changed = handler;
      },
    }),
  }),
  createPaymentMethod,
  handleNextAction: vi.fn(),
} as unknown as StripeLike;
const loads: string[] = [];
vi.mock('../stripe/stripe-loader', () => ({
  loadStripeJs: async (key: string) => {
    loads.push(key);
    return fakeStripe;
  },
}));

afterEach(() => vi.unstubAllGlobals());

const saved: SavedCardInfo = {
  id: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  gateway: 'stripe',
  brand: 'visa',
  last4: '4242',
  expiryMonth: 12,
  expiryYear: 2030,
  nameOnCard: null,
  isDefault: true,
  isExpired: false,
  autoRenew: false,
  autoExtend: false,
  autoTopUp: false,
  createdAt: '2026-11-23T12:00:00.000Z',
};

describe('saved cards with Stripe enabled', () => {
  it('adds a card through Stripe Elements: the server gets the PaymentMethod id for the stripe gateway', async () => {
    let cards: SavedCardInfo[] = [];
    const stub = apiStub({
      'GET /public/service_provider/public_details': publicDetailsFixture,
      'GET /public/payment/gateways': {
        currency: 'USD',
        gateways: [
          { id: 'sandbox', methods: ['card'], publicSettings: {}, savesCards: true },
          { id: 'stripe', methods: ['card'], publicSettings: { publishableKey: 'pk_test_shop' }, savesCards: true },
        ],
      },
      'GET /subscriber/payment_method': () => cards,
      'POST /subscriber/payment_method': () => {
        cards = [saved];
        return saved;
      },
    });
    vi.stubGlobal('fetch', vi.fn(stub.fetch));
    renderWithProviders(<SavedCards />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    const save = await screen.findByRole('button', { name: 'Save card' });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await waitFor(() => expect(loads).toEqual(['pk_test_shop']));
    act(() => changed?.({ complete: true }));
    await user.click(save);
    await waitFor(() => expect(stub.sent('POST /subscriber/payment_method')).toHaveLength(1));
    expect(stub.sent('POST /subscriber/payment_method')[0]!.body).toEqual({ cardToken: 'pm_saved_card_1', gateway: 'stripe', makeDefault: true });
    expect(await screen.findByTestId('saved-card')).toBeTruthy();
  });
});
