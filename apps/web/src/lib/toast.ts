import type { ToastOptions } from 'react-toastify';

/**
 * Toasts as the spec sets them (§8): top centre, 3 s, no progress bar, no icon, not draggable, not
 * closed by a click on the body (its close button dismisses it). The message doubles as the toast id, so a message already on screen
 * is not shown twice.
 *
 * react-toastify itself loads after the first paint (toast-host.tsx): a toast raised before it has
 * arrived waits in a queue and appears as soon as the container mounts.
 */
export const TOAST_OPTIONS = {
  position: 'top-center',
  autoClose: 3000,
  hideProgressBar: true,
  icon: false,
  draggable: false,
  closeOnClick: false,
  /**
   * A polite live region (role status), not react-toastify's default alert: a confirmation waits for
   * the screen reader to finish instead of interrupting, and focus never moves to the toast. Each
   * toast keeps its close button.
   */
  role: 'status',
} as const satisfies ToastOptions;

export type ToastVariant = 'success' | 'error' | 'warning' | 'info';

/**
 * Always a catalogue id, so every toast is in the person's language; a server's wording never reaches a
 * toast (errors go through lib/error-message.ts).
 */
export type ToastMessage = { id: string; values?: Record<string, string | number> };

export interface ToastRequest {
  variant: ToastVariant;
  message: ToastMessage;
}

export function toastId(message: ToastMessage): string {
  return `${message.id}${message.values ? JSON.stringify(message.values) : ''}`;
}

type Display = (request: ToastRequest) => void;

let display: Display | null = null;
const queue: ToastRequest[] = [];
let hostWanted = false;
const hostListeners = new Set<() => void>();

/** Called by the toast container when it mounts (and with null when it unmounts). */
export function registerToastDisplay(next: Display | null): void {
  display = next;
  if (next) for (const request of queue.splice(0)) next(request);
}

/** Asks the app to load and mount the toast container. */
export function requestToastHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of hostListeners) listener();
}

export function isToastHostWanted(): boolean {
  return hostWanted;
}

export function subscribeToastHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

function show(variant: ToastVariant, message: ToastMessage) {
  if (display) {
    display({ variant, message });
    return;
  }
  const id = toastId(message);
  if (!queue.some((queued) => toastId(queued.message) === id)) queue.push({ variant, message });
  requestToastHost();
}

export const notify = {
  success: (message: ToastMessage) => show('success', message),
  error: (message: ToastMessage) => show('error', message),
  warning: (message: ToastMessage) => show('warning', message),
  info: (message: ToastMessage) => show('info', message),
};
