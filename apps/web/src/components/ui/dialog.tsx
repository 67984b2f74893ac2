import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIsClient } from '../../lib/use-is-client';
import { focusableWithin } from './focus';
import './dialog.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Id of the element naming the dialog (usually its heading). */
  labelledBy?: string;
  label?: string;
  children: ReactNode;
  /** `sheet` slides in from the inline end (the side drawer); `modal` is centred. */
  variant?: 'modal' | 'sheet';
  /** Keep the markup in the page while closed, so aria-controls always points at something. */
  keepMounted?: boolean;
  id?: string;
  className?: string;
  testId?: string;
  /**
   * Where focus goes on close when the element that opened the dialog is gone (e.g. a cart button that
   * disappears with the last cart line). Without it, focus goes to the page's <main>.
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

let openDialogs = 0;

/**
 * A modal dialog: focus moves in and stays in (Tab wraps), Escape and the backdrop close it, focus
 * returns to whatever opened it, and the page behind does not scroll.
 */
export function Dialog({ open, onClose, labelledBy, label, children, variant = 'modal', keepMounted, id, className, testId, returnFocusTo }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const isClient = useIsClient();
  const onCloseRef = useRef(onClose);
  const returnFocusToRef = useRef(returnFocusTo);
  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusToRef.current = returnFocusTo;
  });

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = panel ? (focusableWithin(panel)[0] ?? panel) : null;
    first?.focus();

    openDialogs += 1;
    document.body.classList.add('has-modal');
    return () => {
      openDialogs -= 1;
      if (openDialogs === 0) document.body.classList.remove('has-modal');
      // Focus goes back only if it is still inside the closed dialog (a link may already have moved it).
      if (document.activeElement && document.activeElement !== document.body && !panel?.contains(document.activeElement)) return;
      // Focus left on <body> puts screen-reader and keyboard users back at the top of the page.
      const target = previouslyFocused?.isConnected ? previouslyFocused : fallbackFocusTarget(returnFocusToRef.current);
      target?.focus();
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableWithin(panelRef.current);
    const firstItem = items[0];
    const lastItem = items[items.length - 1];
    if (!firstItem || !lastItem) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === panelRef.current)) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  }

  if (!open && !keepMounted) return null;
  // A portal into document.body exists only in a browser: the server's HTML has none, nor does hydration.
  if (!isClient) return null;

  return createPortal(
    <div className={`dialog-root dialog-root--${variant}`} hidden={!open}>
      <div className="dialog-backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        tabIndex={-1}
        className={`dialog-panel dialog-panel--${variant}${className ? ` ${className}` : ''}`}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

function fallbackFocusTarget(returnFocusTo: DialogProps['returnFocusTo']): HTMLElement | null {
  const chosen = returnFocusTo?.();
  if (chosen?.isConnected) return chosen;
  const main = document.querySelector<HTMLElement>('main');
  // <main> is not focusable by default; -1 lets script focus it without adding a Tab stop.
  if (main && !main.hasAttribute('tabindex')) main.tabIndex = -1;
  return main;
}
