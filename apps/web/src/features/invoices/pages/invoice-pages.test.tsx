import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Invoice } from '@app/shared/contracts/invoices';
import type { StubHandler } from '../../../test/api-stub';
import { renderSignedIn, renderSignedOut } from '../../../test/render';
import InvoiceListPage from './invoice-list-page';
import InvoicePage from './invoice-page';

// Typing into forms is slow on a loaded machine; these tests wait on real user events.
vi.setConfig({ testTimeout: 20_000 });

const TOKEN = 'pub_abcdefghijklmnopqrstuvwxyz012345';
const invoice: Invoice = {
  id: '8b8b8b8b-8b8b-4b8b-8b8b-8b8b8b8b8b8b',
  number: 'INV-1001',
  orderId: '7d0c0a8e-7b59-4c1e-9a43-0d1f0f6e2a11',
  orderNumber: 'LW-7F3K9Q',
  date: '2026-11-23T12:00:00.000Z',
  billTo: { name: 'Ana Diaz', email: 'ana@example.com' },
  shipTo: null,
  lines: [{ description: 'Tourist eSIM — eSIM, 30 days', quantity: 1, unitPrice: 1000, total: 1000 }],
  subTotal: 1000,
  simCards: 0,
  shipping: 0,
  taxRateBps: 825,
  tax: 83,
  surchargeBps: 0,
  surcharge: 0,
  total: 1083,
  currency: 'USD',
  paidWith: 'Visa •••• 4242',
  company: { name: 'Liberty Wave Mobile', address: '350 Fifth Avenue', phone: '+1 646', email: 'hello@example.com' },
  publicToken: TOKEN,
};

/** The public link is opened by anyone; the list is a signed-in page. */
function setup(route: string, api: Record<string, StubHandler | object>) {
  const pages = [
    { path: 'invoice', Component: InvoicePage },
    { path: 'dashboard/invoice', Component: InvoiceListPage },
  ];
  return route.startsWith('/dashboard') ? renderSignedIn(pages, { route, api }) : renderSignedOut(pages, { route, api });
}

describe('/invoice', () => {
  it('opens through the public link with the spec fields, print and PDF', async () => {
    setup(`/invoice?token=${TOKEN}`, { [`GET /public/invoice/${TOKEN}`]: invoice });
    const view = await screen.findByTestId('invoice');
    expect(within(view).getByRole('heading', { name: 'Invoice INV-1001' })).toBeTruthy();
    expect(within(view).getByText('Tax rate 8.25%')).toBeTruthy();
    expect(within(view).getByTestId('invoice-total').textContent).toBe('$10.83');
    expect(within(view).getByText(/Liberty Wave Mobile/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/public/invoice/${TOKEN}/pdf`);
  });

  it("'Invoice not found' for an unknown link", async () => {
    setup('/invoice?token=pub_unknown_unknown_unknown_x', {
      'GET /public/invoice/pub_unknown_unknown_unknown_x': { status: 404, body: { code: 'INVOICE_NOT_FOUND', message: 'Invoice not found' } },
    });
    expect((await screen.findByTestId('invoice-not-found')).textContent).toMatch(/Invoice not found/);
  });
});

describe('/dashboard/invoice', () => {
  it('lists invoices with a view link each', async () => {
    setup('/dashboard/invoice', { 'GET /subscriber/invoice': { total: 1, page: 1, pageSize: 20, data: [invoice] } });
    const row = await screen.findByTestId('invoice-row');
    expect(within(row).getByRole('link', { name: 'View INV-1001' }).getAttribute('href')).toBe(`/invoice?id=${invoice.id}`);
  });

  it('empty: says each paid order gets one', async () => {
    setup('/dashboard/invoice', { 'GET /subscriber/invoice': { total: 0, page: 1, pageSize: 20, data: [] } });
    expect((await screen.findByTestId('invoices-empty')).textContent).toMatch(/Each paid order/);
  });
});
