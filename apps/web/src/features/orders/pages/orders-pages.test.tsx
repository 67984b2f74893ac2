import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StubHandler } from '../../../test/api-stub';
import { renderSignedIn } from '../../../test/render';
import { order } from '../../../test/checkout-fixtures';
import OrderStatusPage from './order-status-page';
import OrderViewPage from './order-view-page';

// Typing into forms is slow on a loaded machine; these tests wait on real user events.
vi.setConfig({ testTimeout: 20_000 });


function setup(route: string, api: Record<string, StubHandler | object>) {
  const pages = [
    { path: 'dashboard/order-status', Component: OrderStatusPage },
    { path: 'dashboard/order-view/:id', Component: OrderViewPage },
  ];
  return renderSignedIn(pages, { route, api });
}

const shipped = order({
  id: '3c5e8f21-4a6b-4d0e-8f7a-2b9c1d3e5f60',
  status: 'shipped',
  number: 'LW-SHIP01',
  shippingAddress: {
    shippingFirstName: 'Ana',
    shippingLastName: 'Diaz',
    shippingPhoneNumber: '+16465550142',
    shippingAddress1: '1 Main St',
    shippingAddress2: '',
    shippingCity: 'Austin',
    shippingState: 'TX',
    shippingCountry: 'US',
    shippingZipcode: '73301',
  },
  trackingNumber: '1Z999',
  trackingUrl: 'https://track.example/1Z999',
  carrier: 'UPS',
  canCancel: false,
  canPay: false,
});

describe('/dashboard/order-status', () => {
  it('lists orders with their badges and filters by status through the URL', async () => {
    const { sent, router } = setup('/dashboard/order-status', {
      'GET /subscriber/order': (req) => ({
        total: 2,
        page: 1,
        pageSize: 20,
        data: req.search.includes('status=shipped') ? [shipped] : [order(), shipped],
      }),
    });
    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((r) => within(r).getByTestId('order-status').textContent)).toEqual(['Pending', 'Shipped']);
    await userEvent.setup().selectOptions(screen.getByLabelText('Status'), 'shipped');
    await waitFor(() => expect(router.state.location.search).toBe('?status=shipped'));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    expect(sent('GET /subscriber/order').at(-1)!.search).toContain('status=shipped');
  });

  it('empty: says what to do next', async () => {
    setup('/dashboard/order-status', { 'GET /subscriber/order': { total: 0, page: 1, pageSize: 20, data: [] } });
    expect((await screen.findByTestId('orders-empty')).textContent).toMatch(/Browse our plans/);
  });
});

describe('/dashboard/order-view/:id', () => {
  it('shows the tracking link and the address of a shipped order, without cancel', async () => {
    setup(`/dashboard/order-view/${shipped.id}`, { [`GET /subscriber/order/${shipped.id}`]: shipped });
    const view = await screen.findByTestId('order-view');
    expect(within(view).getByRole('link', { name: /1Z999/ }).getAttribute('href')).toBe('https://track.example/1Z999');
    expect(within(view).getByTestId('order-address').textContent).toMatch(/1 Main St/);
    expect(within(view).queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('explains a paid order that waits for SIM stock, with the refund on offer', async () => {
    const late = order({ status: 'processing', waitingForStock: true, canCancel: false, canPay: false });
    setup(`/dashboard/order-view/${late.id}`, { [`GET /subscriber/order/${late.id}`]: late });
    const explain = await screen.findByTestId('order-explain');
    expect(explain.textContent).toBe(
      'Paid, and taking longer than usual: we are waiting for new SIM stock from the network. We will send your SIM as soon as it is ready. If you would rather not wait, contact us for a refund of the plan.',
    );
  });

  it('cancels only after confirming', async () => {
    const pending = order();
    let current = pending;
    const { sent } = setup(`/dashboard/order-view/${pending.id}`, {
      [`GET /subscriber/order/${pending.id}`]: () => current,
      [`POST /subscriber/order/${pending.id}/cancel`]: () => {
        current = order({ status: 'canceled', canCancel: false, canPay: false });
        return current;
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Cancel order ${pending.number}?`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Canceled'));
    expect(sent(`POST /subscriber/order/${pending.id}/cancel`)).toHaveLength(1);
  });

  it("another subscriber's order reads as not found", async () => {
    setup('/dashboard/order-view/0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f', {
      'GET /subscriber/order/0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f': { status: 404, body: { code: 'ORDER_NOT_FOUND', message: 'Order not found' } },
    });
    expect((await screen.findByTestId('order-not-found')).textContent).toMatch(/Order not found/);
  });
});
