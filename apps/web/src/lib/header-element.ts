/**
 * The site header on screen, published for the toasts, which must start below it (spec §8, decision
 * 104). The toast container measures it (toast-container.tsx) once toasts load, so the page's start-up
 * pays for no measuring and no restyling (decision 227).
 */
let current: HTMLElement | null = null;
const listeners = new Set<() => void>();

export function setHeaderElement(element: HTMLElement | null): void {
  if (element === current) return;
  current = element;
  for (const listener of listeners) listener();
}

export function getHeaderElement(): HTMLElement | null {
  return current;
}

export function subscribeHeaderElement(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
