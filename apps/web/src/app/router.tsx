import { createBrowserRouter } from 'react-router';
import { startSessionRules } from '../lib/session-lifecycle';
import { routes } from './route-table';

export function createRouter() {
  // Before the router reads the address: a `?t=` token becomes the session and the URL /dashboard.
  startSessionRules();
  return createBrowserRouter(routes);
}
