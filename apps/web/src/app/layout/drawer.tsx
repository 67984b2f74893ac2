import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router';
import { usePublicDetails } from '../../lib/public-details';
import { useSession } from '../../lib/session';
import { Dialog } from '../../components/ui/dialog';
import { ExternalLink } from '../../components/ui/external-link';
import { ChevronDownIcon, CloseIcon } from '../../components/ui/icons';
import { AccountActions } from './account-actions';
import { languageOf } from '../../lib/intl/languages';
import { LanguageSelect } from './language-select';
import { PlanLinks } from './plan-links';
import { supportLinks } from './site-links';

import { DRAWER_ID } from './drawer-id';
const DRAWER_QUERY = '(min-width: 1380px)';

/** The side drawer below 1380 px (spec §2): every header destination, stacked for touch. */
export default function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const location = useLocation();
  const { isAuth } = useSession();
  const { data: details } = usePublicDetails();
  const [plansOpen, setPlansOpen] = useState(false);
  const plansId = useId();
  const titleId = useId();
  const shownAt = useRef(location.key);

  // Any navigation (a link in here, or back/forward) closes the drawer.
  useEffect(() => {
    // Only a change of location: the drawer's code arrives after the page is up, sometimes after the
    // toggle was pressed, and closing on mount would swallow that press.
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  // Widening the window past the breakpoint hides the toggle; do not leave an invisible modal open.
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia?.(DRAWER_QUERY);
    if (!query) return;
    const onChange = () => query.matches && onClose();
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open, onClose]);

  return (
    <Dialog open={open} onClose={onClose} variant="sheet" keepMounted id={DRAWER_ID} labelledBy={titleId} testId="drawer" className="drawer">
      <div className="drawer__head">
        <h2 id={titleId} className="drawer__title">
          <FormattedMessage id="drawer.title" />
        </h2>
        <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'header.closeMenu' })} onClick={onClose}>
          <CloseIcon size={22} />
        </button>
      </div>
      <nav className="drawer__nav" aria-label={intl.formatMessage({ id: 'header.mainNav' })}>
        <ul className="drawer__list">
          <li>
            <NavLink to="/" end className="drawer__link">
              <FormattedMessage id="nav.home" />
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              className="drawer__link drawer__expander"
              aria-expanded={plansOpen}
              aria-controls={plansId}
              onClick={() => setPlansOpen((o) => !o)}
            >
              <FormattedMessage id="nav.plans" />
              <ChevronDownIcon size={18} className="drawer__chevron" />
            </button>
            <div id={plansId} hidden={!plansOpen}>
              <PlanLinks className="drawer__sublist" />
            </div>
          </li>
        </ul>
        <h3 className="drawer__heading">
          <FormattedMessage id="nav.support" />
        </h3>
        <ul className="drawer__list">
          {supportLinks(isAuth).map((link) => (
            <li key={link.labelId}>
              <NavLink to={link.to} className="drawer__link">
                <FormattedMessage id={link.labelId} />
              </NavLink>
            </li>
          ))}
        </ul>
        <h3 className="drawer__heading">
          <FormattedMessage id="drawer.more" />
        </h3>
        <ul className="drawer__list">
          <li>
            <NavLink to="/international-rate" className="drawer__link">
              <FormattedMessage id="nav.internationalRate" />
            </NavLink>
          </li>
          <li>
            <NavLink to="/shipping-fee" className="drawer__link">
              <FormattedMessage id="nav.shippingFee" />
            </NavLink>
          </li>
          {details ? (
            <>
              <li>
                <ExternalLink href={details.globalEsimUrl} className="drawer__link">
                  <FormattedMessage id="nav.globalEsim" />
                </ExternalLink>
              </li>
              <li>
                <ExternalLink href={details.userManualUrl} className="drawer__link">
                  <FormattedMessage id="nav.userManual" />
                </ExternalLink>
              </li>
            </>
          ) : null}
        </ul>
      </nav>
      <div className="drawer__foot">
        <LanguageSelect className="drawer__language" name={languageOf(intl.locale)?.name} />
        <AccountActions className="drawer__account" onNavigate={onClose} />
      </div>
    </Dialog>
  );
}
