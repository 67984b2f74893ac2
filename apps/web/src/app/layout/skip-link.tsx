import { FormattedMessage } from 'react-intl';

export const MAIN_ID = 'main-content';

export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      <FormattedMessage id="common.skipToContent" />
    </a>
  );
}
