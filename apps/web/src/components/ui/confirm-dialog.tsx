import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Dialog } from './dialog';
import { Spinner } from './spinner';
import './confirm-dialog.css';

/** Asks before a destructive or paid action; the confirm button shows progress while it runs. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  danger,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? () => undefined : onClose} labelledBy={titleId} className="confirm-dialog">
      <h2 id={titleId} className="section-title section-title--sm">
        {title}
      </h2>
      {children}
      <div className="form-actions">
        <button type="button" className={`btn ${danger ? 'btn--accent' : 'btn--primary'}`} disabled={busy} onClick={onConfirm}>
          {busy ? <Spinner size="sm" /> : null} {confirmLabel}
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={onClose}>
          <FormattedMessage id="common.cancel" />
        </button>
      </div>
    </Dialog>
  );
}
