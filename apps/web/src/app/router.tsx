import { createBrowserRouter } from 'react-router';
import { routes } from './route-table';

export function createRouter() {
  return createBrowserRouter(routes);
}
