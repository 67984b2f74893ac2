import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';

/** Copies a value to the clipboard and says so (politely, for screen readers) for a few seconds. */
export function CopyButton({ value, labelId, values }: { value: string; labelId: string; values?: Record<string, string> }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <span className="copy-button">
      <button
        type="button"
        className="btn btn--outline btn--sm"
        onClick={() => {
          const write = navigator.clipboard?.writeText(value);
          if (!write) return setCopied('no');
          write.then(
            () => setCopied('yes'),
            () => setCopied('no'),
          );
        }}
      >
        <FormattedMessage id={labelId} values={values} />
      </button>
      <span aria-live="polite" className="copy-button__status">
        {copied === 'yes' ? <FormattedMessage id="sim.copy.done" /> : copied === 'no' ? <FormattedMessage id="sim.copy.failed" /> : null}
      </span>
    </span>
  );
}
