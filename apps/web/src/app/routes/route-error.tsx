import { isRouteErrorResponse, useRouteError } from 'react-router';
import ErrorPage from '../../features/content/pages/error-page';
import NotFoundPage from '../../features/content/pages/not-found-page';

/**
 * What a crashed route renders inside the layout. Imported eagerly (not lazy) because it must work
 * even when loading a page's code is what failed.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return <ErrorPage />;
}
