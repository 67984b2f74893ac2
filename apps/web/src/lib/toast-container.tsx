import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { FormattedMessage } from 'react-intl';
import { cssTransition, toast, ToastContainer } from 'react-toastify';
import { getHeaderElement, subscribeHeaderElement } from './header-element';
import { registerToastDisplay, TOAST_OPTIONS, toastId, type ToastMessage, type ToastVariant } from './toast';

const TITLE_IDS: Partial<Record<ToastVariant, string>> = {
  success: 'toast.title.success',
  error: 'toast.title.error',
  warning: 'toast.title.warning',
};

/** Success, Error and Warning toasts carry a title (spec §8); info toasts are the message alone. */
export function ToastBody({ variant, message }: { variant: ToastVariant; message: ToastMessage }) {
  const titleId = TITLE_IDS[variant];
  return (
    <div className="toast-body">
      {titleId ? (
        <strong className="toast-body__title">
          <FormattedMessage id={titleId} />
        </strong>
      ) : null}
      <span className="toast-body__text">
        <FormattedMessage id={message.id} values={message.values} />
      </span>
    </div>
  );
}

/**
 * Toasts fade in where they stand instead of react-toastify's default bounce, which starts above the
 * container and so slides across the header's controls for a moment (decision 104: a toast never
 * covers the header).
 */
const Fade = cssTransition({ enter: 'toast-fade-enter', exit: 'toast-fade-exit', collapseDuration: 200 });

/**
 * The header's real height, for the container's `--header-block-size` (global.css): set on the
 * toasts' own wrapper, so a change restyles only the toasts, not the whole page.
 */
function useHeaderBlockSize(): string | undefined {
  const header = useSyncExternalStore(subscribeHeaderElement, getHeaderElement, () => null);
  const [size, setSize] = useState<string>();
  useEffect(() => {
    if (!header || typeof ResizeObserver === 'undefined') {
      setSize(undefined);
      return;
    }
    const observer = new ResizeObserver(() => setSize(`${Math.ceil(header.getBoundingClientRect().height)}px`));
    observer.observe(header);
    return () => observer.disconnect();
  }, [header]);
  return size;
}

export default function Toasts() {
  const headerBlockSize = useHeaderBlockSize();
  useEffect(() => {
    registerToastDisplay(({ variant, message }) => {
      const id = toastId(message);
      if (toast.isActive(id)) return;
      toast(<ToastBody variant={variant} message={message} />, { ...TOAST_OPTIONS, type: variant, toastId: id });
    });
    return () => registerToastDisplay(null);
  }, []);
  return (
    <div className="toast-anchor" style={headerBlockSize ? ({ '--header-block-size': headerBlockSize } as CSSProperties) : undefined}>
      <ToastContainer {...TOAST_OPTIONS} transition={Fade} newestOnTop limit={4} />
    </div>
  );
}
