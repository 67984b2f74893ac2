import { useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { captureResellerCode, splitResellerSegment } from '../../lib/reseller-code';
import NotFoundPage from '../../features/content/pages/not-found-page';

interface StrippedState {
  resellerCodeStripped?: boolean;
}

/**
 * No route matched (spec §2): a trailing segment that can be a reseller code is stored and removed
 * from the URL. If the shortened path is still unknown we show the 404 page rather than strip again,
 * so a mistyped deep link cannot overwrite a partner's code with a path segment.
 */
export default function UnknownPath() {
  const location = useLocation();
  const alreadyStripped = (location.state as StrippedState | null)?.resellerCodeStripped === true;
  const result = useMemo(
    () => (alreadyStripped ? null : splitResellerSegment(location.pathname, location.search)),
    [alreadyStripped, location.pathname, location.search],
  );

  useEffect(() => {
    if (result) void captureResellerCode(result.code);
  }, [result]);

  if (!result) return <NotFoundPage />;
  return <Navigate to={result.to + location.hash} replace state={{ resellerCodeStripped: true } satisfies StrippedState} />;
}
