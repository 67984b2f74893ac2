import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { CheckIcon, CopyIcon } from '../../../components/ui/icons';

/**
 * Copies `value` and says so in place for 2 s (the button's own text changes, and a polite live
 * region announces it). Where the clipboard is not available (insecure origin, denied permission),
 * the text next to it is selectable, and the button says copying failed instead of pretending.
 */
export function CopyButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  const intl = useIntl();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <button type="button" className="btn btn--outline btn--sm copy-button" onClick={() => void copy()} aria-label={label}>
        {state === 'copied' ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
        <span aria-hidden="true">
          {intl.formatMessage({ id: state === 'copied' ? 'affiliate.copied' : 'affiliate.copy' })}
        </span>
      </button>
      <span className="visually-hidden" role="status" aria-live="polite">
        {state === 'copied' ? copiedLabel : state === 'failed' ? intl.formatMessage({ id: 'affiliate.copyFailed' }) : ''}
      </span>
    </>
  );
}
