import { useState, type ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SimActionEffect } from '@app/shared/contracts/sims';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorCodeOf, useErrorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/use-format-money';
import { paidActionQuoteOptions, purchasePaidAction, type PaidSimAction } from '../api/sims-api';
import { usePayOrder } from '../pay-order';
import { useRequestIdPerBody } from '../../../lib/request-id';
import { QuoteSummary } from './quote-summary';

/**
 * Every paid SIM action goes through here (decision 175): the server's quote and what the action
 * does and when (decision 163), shown before anything is bought; "Continue to payment" places the
 * order with the total shown (PRICE_CHANGED → the new quote, said on the dialog) and one request id
 * per confirmed body, then checkout's payment pages take over. Nothing is priced in the browser.
 */
export function PaidActionDialog({
  open,
  action,
  title,
  intro,
  returnTo,
  chooseHint,
  onClose,
}: {
  open: boolean;
  action: PaidSimAction | null;
  title: ReactNode;
  /** Above the quote: what is being bought, or a choice that re-prices it (quantity). */
  intro?: ReactNode;
  /** Where the payment pages lead back to once paid. */
  returnTo: string;
  /** Shown instead of the quote while `action` is null (something still to choose). */
  chooseHint?: ReactNode;
  onClose: () => void;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const client = useQueryClient();
  const payOrder = usePayOrder();
  const errorText = useErrorMessage();
  const quoteOptions = paidActionQuoteOptions(action ?? { kind: 'top_up', amount: 0 });
  const quote = useQuery({ ...quoteOptions, enabled: open && action !== null });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One request id per body and total confirmed: a double click or a retry answers the same order.
  const requestIdFor = useRequestIdPerBody();

  const data = quote.data;

  async function confirm() {
    if (!action || !data || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await purchasePaidAction(action, data.quote.total, requestIdFor([action, data.quote.total]));
      navigate(payOrder(result, returnTo));
    } catch (error) {
      const code = errorCodeOf(error) ?? 'UNKNOWN';
      setProblem(code);
      if (isApiError(error) && code === 'PRICE_CHANGED') void client.invalidateQueries({ queryKey: quoteOptions.queryKey });
      setBusy(false);
    }
  }

  const close = () => {
    if (busy) return;
    setProblem(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} labelledBy="paid-action-title" className="confirm-dialog paid-action">
      <h2 id="paid-action-title" className="section-title section-title--sm">
        {title}
      </h2>
      {intro}
      <div aria-live="polite" aria-busy={quote.isFetching || undefined} data-testid="paid-action-quote">
        {action === null ? (
          chooseHint
        ) : quote.isPending && open ? (
          <Skeleton lines={4} />
        ) : quote.isError ? (
          <div className="notice notice--warning" role="alert" data-testid="paid-action-error" data-code={errorCodeOf(quote.error) ?? 'UNKNOWN'}>
            <p>{errorText(errorCodeOf(quote.error) ?? 'UNKNOWN')}</p>
            <button type="button" className="btn btn--outline btn--sm" onClick={() => void quote.refetch()}>
              <FormattedMessage id="common.retry" />
            </button>
          </div>
        ) : data ? (
          <>
            <EffectText effect={data.effect} total={formatMoney(data.quote.total, intl.locale, data.quote.currency)} />
            <QuoteSummary quote={data.quote} />
          </>
        ) : null}
      </div>
      {problem ? (
        <p className="notice notice--warning" role="alert" data-testid="paid-action-problem" data-code={problem}>
          {errorText(problem)}
        </p>
      ) : null}
      <p className="field-hint">
        <FormattedMessage id="simAction.payNext" />
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn--primary" disabled={!data || busy || quote.isFetching} onClick={() => void confirm()} data-testid="paid-action-confirm">
          {busy ? <Spinner size="sm" /> : null}{' '}
          {data ? (
            <FormattedMessage id="simAction.continue" values={{ total: formatMoney(data.quote.total, intl.locale, data.quote.currency) }} />
          ) : (
            <FormattedMessage id="simAction.continueNoTotal" />
          )}
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={close}>
          <FormattedMessage id="common.cancel" />
        </button>
      </div>
    </Dialog>
  );
}

const KNOWN_EFFECTS = ['renew', 'extend', 'change_plan', 'recover', 'addon', 'top_up'];

/** What the action does and when, in words, from the server's `effect`. */
function EffectText({ effect, total }: { effect: SimActionEffect; total: string }) {
  const date = (iso: string | null, key: string) => (iso ? <FormattedDate key={key} value={iso} dateStyle="medium" /> : '');
  const action = KNOWN_EFFECTS.includes(effect.action) ? effect.action : 'other';
  return (
    <div className="paid-action__effect" data-testid="paid-action-effect" data-when={effect.when}>
      <p>
        <FormattedMessage
          id={`simAction.effect.${action}.${effect.when === 'end_of_period' ? 'later' : 'now'}`}
          values={{ plan: effect.planName ?? '', start: date(effect.startsAt, 'start'), end: date(effect.expiresAt, 'end'), total, hasEnd: effect.expiresAt ? 'yes' : 'no' }}
        />
      </p>
      {effect.replacesCurrentPeriod ? (
        <p className="notice notice--info" data-testid="paid-action-replaces">
          <FormattedMessage id="simAction.effect.replaces" />
        </p>
      ) : null}
    </div>
  );
}
