import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outlet, type RouteObject } from 'react-router';
import { jsonFetch, publicDetailsFixture, renderRoutes } from '../../test/render';
import UnknownPath from './unknown-path';

const routes: RouteObject[] = [
  {
    Component: Outlet,
    children: [
      { index: true, element: <h1>Home page</h1> },
      { path: 'plans/paygo', element: <h1>PayGo page</h1> },
      { path: '*', Component: UnknownPath },
    ],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('unknown paths', () => {
  it('stores the last segment as the reseller code and drops it from the URL, keeping the query', async () => {
    const fetchMock = vi.fn(jsonFetch({ '/public/utility/is_valid_reseller_code': { valid: true, code: 'ABC123' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/plans/paygo/ABC123?x=1');
    expect(await screen.findByRole('heading', { name: 'PayGo page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/plans/paygo');
    expect(router.state.location.search).toBe('?x=1');
    expect(localStorage.getItem('resellerCode')).toBe('ABC123');
    await waitFor(() => expect(localStorage.getItem('resellerCodeValid')).toBe('true'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/public/utility/is_valid_reseller_code?code=ABC123');
  });

  it('goes home when nothing remains', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ '/public/utility/is_valid_reseller_code': { valid: false, code: 'XYZ789' } })));
    const { router } = renderRoutes(routes, '/XYZ789');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    // The server said no: the code stays, flagged, and checkout will not send it.
    await waitFor(() => expect(localStorage.getItem('resellerCodeValid')).toBe('false'));
    expect(localStorage.getItem('resellerCode')).toBe('XYZ789');
  });

  it('shows the 404 page for a path ending in a slash', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ '/public/service_provider/public_details': publicDetailsFixture })));
    renderRoutes(routes, '/no/such/page/');
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeTruthy();
    expect(screen.getByText('It looks like you’re lost')).toBeTruthy();
    expect(screen.getByText('The page you are looking for is not available')).toBeTruthy();
    expect(localStorage.getItem('resellerCode')).toBeNull();
  });

  it('strips only once: a still-unknown remainder shows the 404 page and keeps the code', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ '/public/utility/is_valid_reseller_code': { valid: true, code: 'ABC123' } })));
    const { router } = renderRoutes(routes, '/not-a-page/ABC123');
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/not-a-page');
    expect(localStorage.getItem('resellerCode')).toBe('ABC123');
  });
});
