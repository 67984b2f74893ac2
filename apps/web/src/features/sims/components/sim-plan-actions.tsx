import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { Sim } from '@app/shared/contracts/sims';
import { errorCodeOf, useErrorMessage } from '../../../lib/error-message';
import { useFormatMoney } from '../../../lib/use-format-money';
import { usePlanChoices, useRecoverability, type PaidSimAction } from '../api/sims-api';
import { currentPlan } from '../sim-format';
import { PaidActionDialog } from './paid-action-dialog';

type Kind = 'renew' | 'extend' | 'change' | 'recover';

/** Badges whose SIM is on the network with a plan period (running, used up or just ended). */
const RENEWABLE = ['active', 'in_use', 'inUse', 'used_up', 'expired'];
const EXTENDABLE = ['active', 'in_use', 'inUse', 'used_up'];
/** Badges whose SIM may need recovering (the server's check decides). */
const RECOVERY_CANDIDATES = ['expired', 'disconnected', 'suspended', 'notValid'];

/**
 * Renew, extend, change plan and recovery for one SIM (decision 163). The buttons follow the SIM's
 * state; each opens the paid-action dialog, which shows the server's price and when the change takes
 * effect before anything is bought. `?action=renew|extend|change|recover` opens one (the renewal
 * mail's link goes through /redirect/renew-sim-plan to here).
 */
export function SimPlanActions({ sim }: { sim: Sim }) {
  const [search, setSearch] = useSearchParams();
  const [open, setOpen] = useState<Kind | null>(null);
  const plan = currentPlan(sim);
  const badge = sim.status.status;
  const busy = sim.pendingAction !== null;
  const canRenew = plan !== null && RENEWABLE.includes(badge);
  const canExtend = plan !== null && EXTENDABLE.includes(badge);
  const mayRecover = plan !== null && RECOVERY_CANDIDATES.includes(badge);
  const recovery = useRecoverability(sim.id, mayRecover);
  const errorText = useErrorMessage();

  // A link asked for an action: open it once, then take it out of the address.
  const asked = search.get('action');
  useEffect(() => {
    if (asked === 'renew' || asked === 'extend' || asked === 'change' || asked === 'recover') {
      setOpen(asked);
      const next = new URLSearchParams(search);
      next.delete('action');
      setSearch(next, { replace: true, preventScrollReset: true });
    }
  }, [asked, search, setSearch]);

  if (!plan) return null;
  const returnTo = `/dashboard/sim/${sim.id}`;
  const simple = (kind: 'renew' | 'extend' | 'recover'): PaidSimAction => ({ kind, simId: sim.id });

  return (
    <section className="sim-panel" aria-labelledby="sim-plan-actions-title" data-testid="sim-plan-actions">
      <h2 id="sim-plan-actions-title" className="section-title section-title--sm">
        <FormattedMessage id="simAction.title" />
      </h2>
      {busy ? (
        <p className="muted" data-testid="sim-actions-wait">
          <FormattedMessage id="simAction.waitPending" />
        </p>
      ) : null}
      <div className="sim-plan-actions">
        {canRenew ? (
          <button type="button" className="btn btn--primary btn--sm" disabled={busy} onClick={() => setOpen('renew')}>
            <FormattedMessage id="simAction.renew" />
          </button>
        ) : null}
        {canExtend ? (
          <button type="button" className="btn btn--outline btn--sm" disabled={busy} onClick={() => setOpen('extend')}>
            <FormattedMessage id="simAction.extend" />
          </button>
        ) : null}
        {canRenew ? (
          <button type="button" className="btn btn--outline btn--sm" disabled={busy} onClick={() => setOpen('change')}>
            <FormattedMessage id="simAction.change" />
          </button>
        ) : null}
        {recovery.data?.recoverable ? (
          <button type="button" className="btn btn--accent btn--sm" disabled={busy} onClick={() => setOpen('recover')} data-testid="sim-recover">
            <FormattedMessage id="simAction.recover" />
          </button>
        ) : null}
      </div>
      {canRenew || canExtend ? (
        <p className="field-hint">
          <FormattedMessage id="simAction.hint" />
        </p>
      ) : null}
      {recovery.data?.recoverable ? (
        <p className="notice notice--info" data-testid="sim-recover-help">
          <FormattedMessage id="simAction.recoverHelp" values={{ days: recovery.data.daysSinceExpiry }} />
        </p>
      ) : mayRecover && recovery.isError && errorCodeOf(recovery.error) !== 'NETWORK' ? (
        <p className="notice notice--warning" data-testid="sim-recover-refused" data-code={errorCodeOf(recovery.error) ?? 'UNKNOWN'}>
          {errorText(errorCodeOf(recovery.error) ?? 'UNKNOWN')}
        </p>
      ) : null}

      <PaidActionDialog
        open={open === 'renew' || open === 'extend' || open === 'recover'}
        action={open === 'renew' || open === 'extend' || open === 'recover' ? simple(open) : null}
        title={<FormattedMessage id={`simAction.${open === 'extend' ? 'extend' : open === 'recover' ? 'recover' : 'renew'}Title`} values={{ plan: plan.name }} />}
        returnTo={returnTo}
        onClose={() => setOpen(null)}
      />
      {open === 'change' ? <ChangePlanDialog sim={sim} returnTo={returnTo} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

/** Change plan: another plan sold for this kind of SIM, and one of its periods; then the server's quote. */
function ChangePlanDialog({ sim, returnTo, onClose }: { sim: Sim; returnTo: string; onClose: () => void }) {
  const intl = useIntl();
  const money = useFormatMoney();
  const { categories, prices } = usePlanChoices(true);
  const [planId, setPlanId] = useState('');
  const [priceId, setPriceId] = useState('');
  const current = currentPlan(sim);
  const isPhysical = (type: string) => type.startsWith('sim_');
  const plans = (categories.data ?? [])
    .flatMap((c) => c.plans)
    .filter((p) => p.isActive && p.id !== current?.id && isPhysical(p.simSource.type) === (sim.kind === 'physical'));
  const periods = (prices.data ?? []).filter((p) => p.planId === planId && p.isActive);
  const chosenPrice = periods.find((p) => p.id === priceId) ?? (periods.length === 1 ? periods[0] : undefined);
  const action: PaidSimAction | null = planId && chosenPrice ? { kind: 'change', simId: sim.id, planId, priceId: chosenPrice.id } : null;
  const loading = categories.isPending || prices.isPending;
  const failed = categories.isError || prices.isError;

  return (
    <PaidActionDialog
      open
      action={action}
      title={<FormattedMessage id="simAction.changeTitle" />}
      returnTo={returnTo}
      onClose={onClose}
      chooseHint={
        <p className="muted" data-testid="change-choose">
          <FormattedMessage id={failed ? 'dashboard.loadFailed' : loading ? 'simAction.changeLoading' : plans.length === 0 ? 'simAction.changeNone' : 'simAction.changeChoose'} />
        </p>
      }
      intro={
        <div className="paid-action__intro">
          <p>
            <FormattedMessage id="simAction.changeCurrent" values={{ plan: current?.name ?? '' }} />
          </p>
          <label className="field-label" htmlFor="change-plan">
            <FormattedMessage id="simAction.changePlanLabel" />
          </label>
          <select
            id="change-plan"
            className="input"
            value={planId}
            disabled={loading || plans.length === 0}
            onChange={(e) => {
              setPlanId(e.target.value);
              setPriceId('');
            }}
          >
            <option value="">{intl.formatMessage({ id: 'simAction.changePick' })}</option>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {periods.length > 1 ? (
            <>
              <label className="field-label" htmlFor="change-period">
                <FormattedMessage id="simAction.changePeriodLabel" />
              </label>
              <select id="change-period" className="input" value={priceId} onChange={(e) => setPriceId(e.target.value)}>
                <option value="">{intl.formatMessage({ id: 'simAction.changePickPeriod' })}</option>
                {periods.map((p) => (
                  <option key={p.id} value={p.id}>
                    {intl.formatMessage({ id: 'simAction.changePeriod' }, { days: p.periodDays, price: money(p.price) })}
                  </option>
                ))}
              </select>
            </>
          ) : null}
        </div>
      }
    />
  );
}
