import { useRef, useState } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sim } from '@app/shared/contracts/sims';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorCodeOf, useErrorMessage } from '../../../lib/error-message';
import { newRequestId } from '../../../lib/request-id';
import { issuePortOutPin, portOutQueryOptions } from '../api/sims-api';
import { useFormatPhone } from '../../../lib/use-format-phone';
import { CopyButton } from './copy-button';

/** Badges of a SIM whose number is still ours to hand over (expired numbers are kept 30 days). */
const HOLDS_NUMBER = ['active', 'in_use', 'inUse', 'used_up', 'expired', 'suspended'];

/**
 * Moving the number to another carrier (decision 179): what the new carrier asks for — the number,
 * our account number and a transfer PIN valid 7 days — shown on request, with a new PIN when the old
 * one leaked or ran out (asked first: the old one stops working).
 */
export function PortOutPanel({ sim }: { sim: Sim }) {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const client = useQueryClient();
  const errorText = useErrorMessage();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const requestId = useRef<string | null>(null);
  const eligible = Boolean(sim.mdn) && HOLDS_NUMBER.includes(sim.status.status);
  const query = useQuery({ ...portOutQueryOptions(sim.id), enabled: open && eligible });
  const details = query.data;
  if (!eligible) return null;

  async function issue() {
    setBusy(true);
    setProblem(null);
    // One id per confirmed click: a retry of the same click answers the same PIN.
    requestId.current ??= newRequestId();
    try {
      await issuePortOutPin(client, sim.id, requestId.current);
      requestId.current = null;
      setAsking(false);
    } catch (error) {
      setProblem(errorCodeOf(error) ?? 'UNKNOWN');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sim-panel" aria-labelledby="port-out-title" data-testid="port-out">
      <h2 id="port-out-title" className="section-title section-title--sm">
        <FormattedMessage id="portOut.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="portOut.lead" />
      </p>
      <button type="button" className="btn btn--outline btn--sm" aria-expanded={open} aria-controls="port-out-details" onClick={() => setOpen((o) => !o)}>
        <FormattedMessage id={open ? 'portOut.hide' : 'portOut.show'} />
      </button>
      <div id="port-out-details" hidden={!open} aria-live="polite">
        {!open ? null : query.isPending ? (
          <Skeleton lines={3} />
        ) : query.isError ? (
          <p className="notice notice--warning" role="alert">
            {errorText(errorCodeOf(query.error) ?? 'UNKNOWN')}
          </p>
        ) : details ? (
          <>
            <dl className="sim-facts" data-testid="port-out-details">
              <div>
                <dt>
                  <FormattedMessage id="portOut.number" />
                </dt>
                <dd>{formatNumber(details.number)}</dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="portOut.account" />
                </dt>
                <dd>
                  <code data-testid="port-out-account">{details.accountNumber}</code>
                  <CopyButton value={details.accountNumber} labelId="portOut.copyAccount" />
                </dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="portOut.pin" />
                </dt>
                <dd>
                  {details.pin ? (
                    <>
                      <code data-testid="port-out-pin">{details.pin}</code>
                      <CopyButton value={details.pin} labelId="portOut.copyPin" />
                      <span className="field-hint">
                        <FormattedMessage id="portOut.validUntil" values={{ date: <FormattedDate key="d" value={details.expiresAt!} dateStyle="medium" timeStyle="short" /> }} />
                      </span>
                    </>
                  ) : (
                    <span className="muted" data-testid="port-out-no-pin">
                      <FormattedMessage id={details.expired ? 'portOut.expired' : 'portOut.noPin'} />
                    </span>
                  )}
                </dd>
              </div>
            </dl>
            {problem && !asking ? (
              <p className="notice notice--warning" role="alert">
                {errorText(problem)}
              </p>
            ) : null}
            <div className="sim-actions">
              <button
                type="button"
                className="btn btn--outline btn--sm"
                disabled={busy}
                onClick={() => (details.pin ? setAsking(true) : void issue())}
                data-testid="port-out-issue"
              >
                <FormattedMessage id={details.pin ? 'portOut.newPin' : 'portOut.getPin'} />
              </button>
            </div>
            <p className="field-hint">
              <FormattedMessage id="portOut.warning" />
            </p>
          </>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        busy={busy}
        title={<FormattedMessage id="portOut.newPinTitle" />}
        confirmLabel={<FormattedMessage id="portOut.newPinConfirm" />}
        onConfirm={() => void issue()}
        onClose={() => {
          setAsking(false);
          requestId.current = null;
        }}
      >
        <p>
          <FormattedMessage id="portOut.newPinBody" />
        </p>
        {problem ? (
          <p className="notice notice--warning" role="alert">
            {errorText(problem)}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
