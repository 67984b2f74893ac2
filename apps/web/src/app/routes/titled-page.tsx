import { useIntl } from 'react-intl';
import { useMatches } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

/** Pages whose content arrives with a later issue: the real layout, the page's title, nothing invented. */
export default function TitledPage() {
  const intl = useIntl();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { titleId?: string } | undefined;
  const title = handle?.titleId ? intl.formatMessage({ id: handle.titleId }) : '';
  usePageTitle(title);
  return (
    <div className="container page">
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
      </header>
    </div>
  );
}
