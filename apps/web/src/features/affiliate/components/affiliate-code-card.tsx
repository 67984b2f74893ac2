import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { useFormatMoney } from '../../../lib/use-format-money';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAffiliate } from '../api/get-affiliate';
import { CopyButton } from './copy-button';
import '../affiliate.css';

/**
 * The subscriber's own affiliate code and link, each with a copy button. Signed out, it says how to
 * get one instead (create an account, or log in), so the affiliate page and the account overview
 * can both show it. Signed in, it also shows the credit the program has earned so far.
 */
export function AffiliateCodeCard({
  headingLevel = 2,
  className = '',
  children,
}: {
  headingLevel?: 2 | 3;
  className?: string;
  /** Shown at the end of the card (the overview's link to the program page). */
  children?: ReactNode;
}) {
  const intl = useIntl();
  const money = useFormatMoney();
  const { isAuth } = useSession();
  const affiliate = useAffiliate(isAuth);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section className={`affiliate-card ${className}`.trim()} aria-labelledby="affiliate-card-title" data-testid="affiliate-card">
      <Heading id="affiliate-card-title" className="affiliate-card__title">
        <FormattedMessage id={isAuth ? 'affiliate.yours.title' : 'affiliate.get.title'} />
      </Heading>
      {!isAuth ? (
        <>
          <p>
            <FormattedMessage id="affiliate.get.text" />
          </p>
          <div className="affiliate-card__actions">
            <Link to="/auth/registration" className="btn btn--primary">
              <FormattedMessage id="affiliate.cta" />
            </Link>
            <Link to="/auth/login" state={{ from: '/affiliate-program' }} className="btn btn--outline">
              <FormattedMessage id="affiliate.get.login" />
            </Link>
          </div>
        </>
      ) : affiliate.isPending ? (
        <div aria-busy="true">
          <Skeleton lines={2} />
        </div>
      ) : affiliate.isError ? (
        <div className="notice notice--warning" role="alert">
          <p>
            <FormattedMessage id="affiliate.yours.error" />
          </p>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void affiliate.refetch()}>
            <FormattedMessage id="common.retry" />
          </button>
        </div>
      ) : (
        <>
          <p>
            <FormattedMessage id="affiliate.yours.text" />
          </p>
          <dl className="affiliate-card__codes">
            <div className="affiliate-card__row">
              <dt>
                <FormattedMessage id="affiliate.yours.code" />
              </dt>
              <dd>
                <code className="affiliate-card__value" data-testid="affiliate-code">
                  {affiliate.data.code}
                </code>
                <CopyButton
                  value={affiliate.data.code}
                  label={intl.formatMessage({ id: 'affiliate.copyCode' })}
                  copiedLabel={intl.formatMessage({ id: 'affiliate.codeCopied' })}
                />
              </dd>
            </div>
            <div className="affiliate-card__row">
              <dt>
                <FormattedMessage id="affiliate.yours.link" />
              </dt>
              <dd>
                <code className="affiliate-card__value affiliate-card__value--link" data-testid="affiliate-link">
                  {affiliate.data.link}
                </code>
                <CopyButton
                  value={affiliate.data.link}
                  label={intl.formatMessage({ id: 'affiliate.copyLink' })}
                  copiedLabel={intl.formatMessage({ id: 'affiliate.linkCopied' })}
                />
              </dd>
            </div>
            <div className="affiliate-card__row">
              <dt>
                <FormattedMessage id="affiliate.yours.earned" />
              </dt>
              <dd>
                <strong className="affiliate-card__earned" data-testid="affiliate-earned">
                  {money(affiliate.data.creditEarned)}
                </strong>
              </dd>
            </div>
          </dl>
        </>
      )}
      {children}
    </section>
  );
}
