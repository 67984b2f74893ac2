import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from '../../components/ui/icons';

interface NavMenuProps {
  label: string;
  /** Highlights the trigger when the current page belongs to this menu. */
  active: boolean;
  children: ReactNode;
  busy?: boolean;
}

/**
 * A disclosure menu of links (not an ARIA menu: these are site navigation links, and links keep their
 * normal keyboard and screen-reader behaviour). Closes on Escape, on a click elsewhere, when focus
 * leaves it, and after navigation.
 */
export function NavMenu({ label, active, children, busy }: NavMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className={`nav-menu${open ? ' is-open' : ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`nav-link nav-menu__trigger${active ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <ChevronDownIcon size={16} className="nav-menu__chevron" />
      </button>
      <div id={panelId} className="nav-menu__panel" hidden={!open} aria-busy={busy || undefined}>
        {children}
      </div>
    </div>
  );
}
