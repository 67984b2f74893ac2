import { api } from './api-client';
import { getToken, logout } from './session';

/**
 * Signs out: asks the server to revoke the session (docs/decisions/031) and clears the browser at once,
 * without waiting: a slow or failed revoke must never keep someone signed in on this device.
 */
export function signOut(): void {
  if (getToken()) void api.post('/subscriber/logout', undefined, { toast: false }).catch(() => undefined);
  logout();
}
