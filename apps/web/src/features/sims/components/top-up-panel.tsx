import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { TOP_UP_MAX, TOP_UP_MIN } from '@app/shared/contracts/sims';
import { FormField } from '../../../components/ui/form-field';
import { asciiDigits } from '../../../lib/intl/digits';
import { useFormatMoney } from '../../../lib/use-format-money';
import type { PaidSimAction } from '../api/sims-api';
import { PaidActionDialog } from './paid-action-dialog';

/**
 * Dollars as typed ("10", "12.50", "12,50" on a French or Spanish keyboard, or in the page's own
 * digits) to cents, or the catalogue id of what is wrong with it.
 */
export function parseTopUp(text: string): { cents: number } | { error: 'requiredField' | 'number' | 'wholeCents' | 'min' | 'max' } {
  const t = asciiDigits(text.trim().replace(/^\$/, '')).replace(/^(\d+),(\d+)$/, '$1.$2');
  if (t === '') return { error: 'requiredField' };
  if (!/^\d+(\.\d+)?$/.test(t)) return { error: 'number' };
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { error: 'wholeCents' };
  const [whole, frac = ''] = t.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (cents < TOP_UP_MIN) return { error: 'min' };
  if (cents > TOP_UP_MAX) return { error: 'max' };
  return { cents };
}

/**
 * Money on the account balance (POST /subscriber/top_up): what renewals, add-ons and automatic
 * payments can be paid from. The amount is checked here for the form's sake; the server decides.
 */
export function TopUpPanel() {
  const intl = useIntl();
  const money = useFormatMoney();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [action, setAction] = useState<PaidSimAction | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseTopUp(text);
    if ('error' in parsed) {
      const values = { min: money(TOP_UP_MIN), max: money(TOP_UP_MAX) };
      setError(intl.formatMessage({ id: parsed.error === 'min' ? 'topUp.min' : parsed.error === 'max' ? 'topUp.max' : `validation.${parsed.error}` }, values));
      return;
    }
    setError(undefined);
    setAction({ kind: 'top_up', amount: parsed.cents });
  }

  return (
    <section className="sim-panel" aria-labelledby="top-up-title" data-testid="top-up">
      <h2 id="top-up-title" className="section-title section-title--sm">
        <FormattedMessage id="topUp.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="topUp.lead" />
      </p>
      <form className="top-up-form" onSubmit={submit} noValidate>
        <FormField label={<FormattedMessage id="topUp.amount" />} error={error} hint={<FormattedMessage id="topUp.hint" values={{ min: money(TOP_UP_MIN), max: money(TOP_UP_MAX) }} />}>
          {(control) => (
            <input
              {...control}
              className="input sim-quantity"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn--primary">
          <FormattedMessage id="topUp.submit" />
        </button>
      </form>
      <p className="field-hint">
        <Link to="/dashboard/transaction" className="text-link">
          <FormattedMessage id="topUp.seeBalance" />
        </Link>
      </p>
      <PaidActionDialog
        open={action !== null}
        action={action}
        title={<FormattedMessage id="topUp.confirmTitle" />}
        returnTo="/dashboard/transaction"
        onClose={() => setAction(null)}
      />
    </section>
  );
}
