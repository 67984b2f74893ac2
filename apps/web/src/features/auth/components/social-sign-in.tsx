import { FormattedMessage } from 'react-intl';
import { StorageKey } from '../../../lib/storage-keys';
import { writeItem } from '../../../lib/storage';
import { socialStartUrl, useSocialProviders } from '../api/get-social-providers';

/**
 * One button per configured provider (docs/decisions/033); nothing at all when none is configured or
 * the list cannot be loaded. Each is a plain link: the server answers with the provider's redirect.
 */
export function SocialSignIn({ remember }: { remember: boolean }) {
  const { data: providers } = useSocialProviders();
  if (!providers?.length) return null;
  return (
    <div className="social-sign-in">
      <p className="social-sign-in__divider">
        <span>
          <FormattedMessage id="auth.social.or" />
        </span>
      </p>
      <ul className="social-sign-in__list">
        {providers.map((provider) => (
          <li key={provider.type}>
            <a
              className="btn btn--outline btn--block"
              href={socialStartUrl(provider.type, remember)}
              onClick={() => {
                // The token comes back in a URL without this choice; see lib/session-lifecycle.ts.
                writeItem(StorageKey.socialRemember, remember ? '1' : '0', 'session');
              }}
            >
              <FormattedMessage id="auth.social.continueWith" values={{ name: provider.name }} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
