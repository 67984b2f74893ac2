import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonFetch, publicDetailsFixture, renderWithProviders } from '../../../test/render';
import { CoinSelect } from './coin-select';

afterEach(() => vi.unstubAllGlobals());

describe('CoinSelect', () => {
  it('lists the accepted coins from /coinpayments/coins with their price', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        jsonFetch({
          '/coinpayments/coins': [
            { code: 'BTC', name: 'Bitcoin', rate: '100000.00' },
            { code: 'LTC', name: 'Litecoin', rate: '120.00' },
          ],
          '/public/service_provider/public_details': publicDetailsFixture,
        }),
      ),
    );
    const onChange = vi.fn();
    renderWithProviders(<CoinSelect value={undefined} onChange={onChange} />);
    const select = await screen.findByLabelText('Pay with');
    expect(screen.getByRole('option', { name: /Bitcoin \(BTC\), 1 BTC ≈ \$100,000/ })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'LTC' } });
    expect(onChange).toHaveBeenCalledWith('LTC');
  });

  it('says what to do when the list cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({})));
    renderWithProviders(<CoinSelect value={undefined} onChange={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toContain('The list of coins could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
