import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sim } from '@app/shared/contracts/sims';
import { classifySimNumber } from '@app/shared/rules/sim-numbers';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorCodeOf, useErrorMessage } from '../../../lib/error-message';
import { useRequestIdPerBody } from '../../../lib/request-id';
import { notify } from '../../../lib/toast';
import { formatMoney } from '../../../lib/use-format-money';
import { cardChangeQuoteOptions, confirmCardChange, type CardChange } from '../api/sims-api';
import { usePayOrder } from '../pay-order';
import { QuoteSummary } from './quote-summary';

type Kind = CardChange['kind'];

/** Badges of a SIM that has a number on the network (the server refreshes those: active, suspended, or expired within recovery). */
const HAS_NUMBER = ['active', 'in_use', 'inUse', 'used_up', 'expired', 'suspended'];
/** Links and mails open a dialog with `?action=`. */
const ASKED: Record<string, Kind> = { reissue: 'reissue', 'to-esim': 'to_esim', 'new-card': 'new_card' };

/**
 * What carries the number (decision 165): an eSIM is reissued (new QR code, e.g. a new phone or a
 * deleted profile); a physical SIM moves to eSIM, or onto a new card (ICCID printed on it), or a
 * replacement card is ordered first. Each dialog asks the server's price and says what happens before
 * anything is done; a free change goes to the network at once, a paid one through checkout's pages.
 */
export function SimCardActions({ sim }: { sim: Sim }) {
  const [search, setSearch] = useSearchParams();
  const [open, setOpen] = useState<Kind | null>(null);
  // The code the reissue replaces: once the SIM shows another and the network is done, say so.
  const [replacing, setReplacing] = useState<string | null>(null);
  const hasNumber = Boolean(sim.mdn) && HAS_NUMBER.includes(sim.status.status);
  const busy = sim.pendingAction !== null;

  const asked = search.get('action');
  useEffect(() => {
    const kind = asked ? ASKED[asked] : undefined;
    if (!kind) return;
    setOpen(kind);
    const next = new URLSearchParams(search);
    next.delete('action');
    setSearch(next, { replace: true, preventScrollReset: true });
  }, [asked, search, setSearch]);

  const reissued = replacing !== null && !busy && sim.esim !== null && sim.esim.activationCode !== replacing;
  if (!hasNumber && !reissued) return null;

  return (
    <section className="sim-panel" aria-labelledby="sim-card-actions-title" data-testid="sim-card-actions">
      <h2 id="sim-card-actions-title" className="section-title section-title--sm">
        <FormattedMessage id={sim.kind === 'esim' ? 'simCard.esimTitle' : 'simCard.cardTitle'} />
      </h2>
      <div aria-live="polite">
        {reissued ? (
          <p className="notice notice--info" role="status" data-testid="sim-reissued">
            <FormattedMessage id="simCard.reissued" />
          </p>
        ) : null}
      </div>
      {sim.kind === 'esim' ? (
        <>
          <p className="muted">
            <FormattedMessage id="simCard.reissueLead" />
          </p>
          <div className="sim-plan-actions">
            <button type="button" className="btn btn--outline btn--sm" disabled={busy} onClick={() => setOpen('reissue')} data-testid="sim-reissue">
              <FormattedMessage id="simCard.reissue" />
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="muted">
            <FormattedMessage id="simCard.cardLead" />
          </p>
          <div className="sim-plan-actions">
            <button type="button" className="btn btn--outline btn--sm" disabled={busy} onClick={() => setOpen('new_card')} data-testid="sim-new-card">
              <FormattedMessage id="simCard.newCard" />
            </button>
            <button type="button" className="btn btn--outline btn--sm" disabled={busy} onClick={() => setOpen('to_esim')} data-testid="sim-to-esim">
              <FormattedMessage id="simCard.toEsim" />
            </button>
            <Link to={`/dashboard/purchase/sim?replace=${sim.id}`} className="btn btn--ghost btn--sm">
              <FormattedMessage id="simCard.reorder" />
            </Link>
          </div>
        </>
      )}
      {busy ? (
        <p className="field-hint">
          <FormattedMessage id="simAction.waitPending" />
        </p>
      ) : null}
      {open ? (
        <CardChangeDialog
          sim={sim}
          kind={open}
          onClose={() => setOpen(null)}
          onStarted={() => {
            if (open === 'reissue' && sim.esim) setReplacing(sim.esim.activationCode);
            setOpen(null);
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * The dialog of one change: for a new card, the ICCID first (checked here, then by the server with
 * the quote: SIM_CARD_NOT_AVAILABLE at the field); then what happens and the server's price, and the
 * confirmation with one request id per (change, total).
 */
function CardChangeDialog({ sim, kind, onClose, onStarted }: { sim: Sim; kind: Kind; onClose: () => void; onStarted: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const client = useQueryClient();
  const payOrder = usePayOrder();
  const errorText = useErrorMessage();
  const titleId = useId();
  const [iccidText, setIccidText] = useState('');
  const [iccidError, setIccidError] = useState<string | undefined>();
  const [esn, setEsn] = useState<string | null>(null);
  const change: CardChange | null = kind === 'new_card' ? (esn ? { kind, simId: sim.id, esn } : null) : { kind, simId: sim.id };
  const quoteOptions = cardChangeQuoteOptions(change ?? { kind: 'reissue', simId: sim.id });
  const quote = useQuery({ ...quoteOptions, enabled: change !== null });
  const data = quote.data;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const requestIdFor = useRequestIdPerBody();
  const quoteCode = quote.isError ? (errorCodeOf(quote.error) ?? 'UNKNOWN') : null;
  // The card the server refused is a problem with what was typed: shown at the field.
  const cardRefused = kind === 'new_card' && (quoteCode === 'SIM_CARD_NOT_AVAILABLE' || quoteCode === 'VALIDATION_FAILED');

  function checkCard(event: FormEvent) {
    event.preventDefault();
    const c = classifySimNumber(iccidText);
    if (!('kind' in c) || c.kind !== 'iccid') {
      setIccidError(intl.formatMessage({ id: 'problem' in c && c.problem === 'checksum' ? 'addSims.problem.checksum' : 'simCard.iccidInvalid' }));
      return;
    }
    setIccidError(undefined);
    setEsn(c.value);
  }

  async function confirm() {
    if (!change || !data || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await confirmCardChange(client, change, data.quote.total, requestIdFor([change, data.quote.total]));
      if (result.purchase) {
        navigate(payOrder(result.purchase, `/dashboard/sim/${sim.id}`));
        return;
      }
      notify.info({ id: `simCard.started.${kind}` });
      onStarted();
    } catch (error) {
      const code = errorCodeOf(error) ?? 'UNKNOWN';
      setProblem(code);
      if (isApiError(error) && code === 'PRICE_CHANGED') void client.invalidateQueries({ queryKey: quoteOptions.queryKey });
      setBusy(false);
    }
  }

  const close = () => {
    if (!busy) onClose();
  };
  const total = data ? formatMoney(data.quote.total, intl.locale, data.quote.currency) : '';
  const labels = { sim_refresh: intl.formatMessage({ id: `simCard.line.${kind}` }) };

  return (
    <Dialog open onClose={close} labelledBy={titleId} className="confirm-dialog paid-action" testId="card-change-dialog">
      <h2 id={titleId} className="section-title section-title--sm">
        <FormattedMessage id={`simCard.title.${kind}`} />
      </h2>
      <div className="paid-action__effect">
        {[1, 2].map((n) => (
          <p key={n}>
            <FormattedMessage id={`simCard.explain.${kind}.${n}`} />
          </p>
        ))}
      </div>
      {kind === 'new_card' ? (
        <form className="wifi-form" onSubmit={checkCard} noValidate>
          <FormField
            label={<FormattedMessage id="simCard.iccid" />}
            hint={<FormattedMessage id="simCard.iccidHint" />}
            error={iccidError ?? (cardRefused && quoteCode ? errorText(quoteCode) : undefined)}
          >
            {(c) => (
              <input
                {...c}
                className="input"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                value={iccidText}
                onChange={(e) => {
                  setIccidText(e.target.value);
                  setIccidError(undefined);
                  setEsn(null);
                }}
              />
            )}
          </FormField>
          {esn === null ? (
            <button type="submit" className="btn btn--outline btn--sm">
              <FormattedMessage id="simCard.checkCard" />
            </button>
          ) : null}
        </form>
      ) : null}
      <div aria-live="polite" aria-busy={quote.isFetching || undefined} data-testid="card-change-quote">
        {change === null ? null : quote.isPending ? (
          <Skeleton lines={3} />
        ) : quote.isError && !cardRefused ? (
          <div className="notice notice--warning" role="alert" data-testid="card-change-error" data-code={quoteCode ?? 'UNKNOWN'}>
            <p>{errorText(quoteCode ?? 'UNKNOWN')}</p>
            <button type="button" className="btn btn--outline btn--sm" onClick={() => void quote.refetch()}>
              <FormattedMessage id="common.retry" />
            </button>
          </div>
        ) : data ? (
          <QuoteSummary quote={data.quote} labels={labels} />
        ) : null}
      </div>
      {problem ? (
        <p className="notice notice--warning" role="alert" data-testid="card-change-problem" data-code={problem}>
          {errorText(problem)}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="btn btn--primary" disabled={!data || busy || quote.isFetching || cardRefused} onClick={() => void confirm()} data-testid="card-change-confirm">
          {busy ? <Spinner size="sm" /> : null}{' '}
          {data && data.quote.total > 0 ? (
            <FormattedMessage id="simAction.continue" values={{ total }} />
          ) : (
            <FormattedMessage id={`simCard.confirm.${kind}`} />
          )}
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={close}>
          <FormattedMessage id="common.cancel" />
        </button>
      </div>
    </Dialog>
  );
}
