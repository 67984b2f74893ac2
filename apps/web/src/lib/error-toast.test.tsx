import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLazyContracts } from '../test/lazy-contracts';
import { renderWithProviders } from '../test/render';
import { apiRequest } from './api-client';
import { ToastHost } from './toast-host';

beforeAll(loadLazyContracts);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an API failure toast', () => {
  it('shows the catalogue text for the code in the reader’s language, never the server’s English', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 'CARD_EXPIRED', message: 'Server wording: card is old' }), { status: 400 })),
    );
    renderWithProviders(<ToastHost />, { locale: 'fr' });
    await expect(apiRequest('/subscriber/payment_methods')).rejects.toMatchObject({ code: 'CARD_EXPIRED' });
    expect(await screen.findByText('Cette carte a expiré. Utilisez une autre carte.')).toBeTruthy();
    expect(screen.queryByText(/Server wording/)).toBeNull();
  });
});
