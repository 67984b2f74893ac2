import type { Profile } from '@app/shared/contracts/profile';

/**
 * A signed-in subscriber for component tests: the profile `GET /subscriber/profile` answers with
 * (typed by the shared contract, so a new profile field fails here first) and a token the session
 * store accepts. The server verifies tokens; the browser only reads `exp`, so an unsigned one will do.
 */

export const SUBSCRIBER_ID = '6a1f5a39-3f5e-4a5b-9a51-2b8a0f0b6a11';

/** Ana, verified, with a password, $12.50 on her balance and nothing else set up. */
export function subscriberFixture(overrides: Partial<Profile> = {}): Profile {
  return {
    id: SUBSCRIBER_ID,
    email: 'ana@example.com',
    emailVerified: true,
    hasPassword: true,
    firstName: 'Ana',
    lastName: 'García',
    phone: '+16465550142',
    country: 'US',
    balance: 1250,
    whenBelow: null,
    topUpAmount: null,
    balanceThreshold: null,
    birthDate: null,
    birthDateParts: null,
    shippingAddress1: null,
    shippingAddress2: null,
    city: null,
    state: null,
    zipcode: null,
    autoRenewPaymentMethodId: null,
    autoTopUpPaymentMethodId: null,
    autoExtendPaymentMethodId: null,
    locale: 'en',
    resellerCode: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A token shaped like the server's (header.payload.signature) that expires `seconds` from now. */
export function sessionToken(seconds = 3600): string {
  return `e30.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds }))}.sig`;
}
