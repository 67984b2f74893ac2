import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ExternalIcon } from './icons';

/** A link to another site: new tab, no opener or referrer leak, and it says so to screen readers. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <ExternalIcon size={14} className="external-icon" />
      <span className="visually-hidden">
        {' '}
        <FormattedMessage id="common.opensInNewTab" />
      </span>
    </a>
  );
}
