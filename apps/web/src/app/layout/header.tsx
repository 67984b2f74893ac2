import { lazy, startTransition, Suspense, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router';
import { ensureAllMessages } from '../../lib/intl/locale-store';
import { usePublicDetails } from '../../lib/public-details';
import { useCart } from '../../features/cart/cart-store';
import { CartButton } from '../../features/cart/components/cart-button';
import { useSession } from '../../lib/session';
import { BookIcon, MenuIcon, SimIcon } from '../../components/ui/icons';
import { AccountActions } from './account-actions';
import { Brand } from './brand';
import { DRAWER_ID } from './drawer-id';
import { LanguageSelect } from './language-select';
import { NavMenu } from './nav-menu';
import { PlanLinks } from './plan-links';
import { isPlansPath, isSupportPath, supportLinks } from './site-links';
import { useHeaderCollapse } from './use-header-collapse';
import './header.css';
import { getHeaderElement, setHeaderElement } from '../../lib/header-element';

// The cart dialog needs catalogue lookups, formatting and the cart's words (outside the startup
// message groups): load them on first open, not with every page.
const CartDialog = lazy(async () => (await Promise.all([import('./cart-dialog-host'), ensureAllMessages()]))[0]);
// The drawer exists only in a browser (a portal into <body>): its code comes after the page is up,
// not with the first page's JavaScript (decision 202).
const Drawer = lazy(() => import('./drawer'));

/**
 * The site header (spec §2). From 1380 px everything sits in one row; below that the secondary links
 * move into the side drawer while Plans, Support, language and account stay visible for as long as
 * they fit, measured, not guessed, so longer languages collapse earlier (docs/decisions/024).
 */
export function Header() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const { isAuth } = useSession();
  const { data: details } = usePublicDetails();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerReady = useDrawerReady(drawerOpen);
  const [cartOpen, setCartOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const closeCart = useCallback(() => setCartOpen(false), []);
  const { quantity } = useCart();
  const rowRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const collapse = useHeaderCollapse(
    rowRef,
    navRef,
    listRef,
    [intl.locale, details?.companyName ?? '', isAuth, quantity > 0, pathname].join('|'),
  );
  const headerRef = useRef<HTMLElement>(null);
  usePublishHeader(headerRef);
  const collapseClasses = Array.from({ length: collapse }, (_, i) => ` collapse-${i + 1}`).join('');

  return (
    <header className={`site-header${collapseClasses}`} ref={headerRef}>
      <div className="site-header__inner container" ref={rowRef}>
        <Brand />
        <nav className="main-nav" ref={navRef} aria-label={intl.formatMessage({ id: 'header.mainNav' })}>
          <ul className="main-nav__list" ref={listRef}>
            <li className="main-nav__item main-nav__item--home">
              <NavLink to="/" end className="nav-link">
                <FormattedMessage id="nav.home" />
              </NavLink>
            </li>
            <li className="main-nav__item">
              <NavMenu label={intl.formatMessage({ id: 'nav.plans' })} active={isPlansPath(pathname)}>
                <PlanLinks className="nav-menu__list" />
              </NavMenu>
            </li>
            <li className="main-nav__item">
              <NavMenu label={intl.formatMessage({ id: 'nav.support' })} active={isSupportPath(pathname, isAuth)}>
                <ul className="nav-menu__list">
                  {supportLinks(isAuth).map((link) => (
                    <li key={link.labelId}>
                      <NavLink to={link.to} className="plan-link">
                        <FormattedMessage id={link.labelId} />
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </NavMenu>
            </li>
            {/* Short labels in the row (the drawer and footer use the full ones), so every language fits
                from 1380 px with the cart button showing (docs/decisions/102). */}
            <li className="main-nav__item main-nav__item--wide">
              <NavLink to="/international-rate" className="nav-link" title={intl.formatMessage({ id: 'nav.internationalRate' })}>
                <FormattedMessage id="nav.internationalRate.short" />
              </NavLink>
            </li>
            <li className="main-nav__item main-nav__item--wide">
              <NavLink to="/shipping-fee" className="nav-link" title={intl.formatMessage({ id: 'nav.shippingFee' })}>
                <FormattedMessage id="nav.shippingFee.short" />
              </NavLink>
            </li>
            {details ? (
              <>
                <li className="main-nav__item main-nav__item--wide">
                  <HeaderIconLink href={details.globalEsimUrl} label={intl.formatMessage({ id: 'nav.globalEsim' })}>
                    <SimIcon size={20} />
                  </HeaderIconLink>
                </li>
                <li className="main-nav__item main-nav__item--wide">
                  <HeaderIconLink href={details.userManualUrl} label={intl.formatMessage({ id: 'nav.userManual' })}>
                    <BookIcon size={20} />
                  </HeaderIconLink>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
        <div className="header-actions">
          <LanguageSelect className="header-actions__language" compact />
          <CartButton open={cartOpen} onToggle={() => setCartOpen((o) => !o)} />
          <AccountActions className="header-actions__account" />
          <button
            type="button"
            className="icon-button menu-toggle"
            data-testid="menu-toggle"
            aria-controls={DRAWER_ID}
            aria-expanded={drawerOpen}
            aria-label={intl.formatMessage({ id: drawerOpen ? 'header.closeMenu' : 'header.openMenu' })}
            onClick={() => setDrawerOpen((o) => !o)}
          >
            <MenuIcon size={24} />
          </button>
        </div>
      </div>
      {drawerReady ? (
        <Suspense fallback={null}>
          <Drawer open={drawerOpen} onClose={closeDrawer} />
        </Suspense>
      ) : null}
      {cartOpen ? (
        <Suspense fallback={null}>
          <CartDialog onClose={closeCart} />
        </Suspense>
      ) : null}
    </header>
  );
}

/**
 * Whether the drawer is mounted. It exists only in a browser (a portal into <body>), closed until the
 * toggle opens it. It is mounted once the page has hydrated and the browser is idle, as a transition:
 * its code downloads and it renders in slices, never as a render that holds up the page's first
 * input. Pressing the toggle before that mounts it at once (it opens when its code is in).
 */
function useDrawerReady(open: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const mount = () => startTransition(() => setReady(true));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(mount, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(mount, 200);
    return () => clearTimeout(id);
  }, [ready]);
  return ready || open;
}

/**
 * Tells the toasts which element the header is: they stay below its real height (taller than
 * `--header-height` when a long company name wraps), measured where they are (toast-container.tsx).
 */
function usePublishHeader(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const header = ref.current;
    setHeaderElement(header);
    return () => {
      if (getHeaderElement() === header) setHeaderElement(null);
    };
  }, [ref]);
}

/**
 * An external link shown as an icon: its accessible name (and tooltip) is the site's name plus
 * "(opens in a new tab)", since the icon alone says neither.
 */
function HeaderIconLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  const intl = useIntl();
  const name = `${label} ${intl.formatMessage({ id: 'common.opensInNewTab' })}`;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="nav-link nav-link--icon" aria-label={name} title={name}>
      {children}
    </a>
  );
}
