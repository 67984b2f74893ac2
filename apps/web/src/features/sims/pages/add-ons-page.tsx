import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { AddOn } from '@app/shared/contracts/catalogue';
import type { Sim } from '@app/shared/contracts/sims';
import { compareSims } from '@app/shared/rules/sims';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatAllowance } from '../../../lib/use-format-allowance';
import { useFormatMoney } from '../../../lib/use-format-money';
import { useAddOnPlans, useSimList, type PaidSimAction } from '../api/sims-api';
import { HeldAddOns } from '../components/held-add-ons';
import { PaidActionDialog } from '../components/paid-action-dialog';
import { SimAllowances } from '../components/sim-allowances';
import { SimStatusBadge } from '../components/sim-status-badge';
import { currentPlan } from '../sim-format';
import { useFormatPhone } from '../../../lib/use-format-phone';
import '../sims.css';

const MAX_QUANTITY = 10;

interface Choice {
  sim: Sim;
  addOn: AddOn;
}

/**
 * /dashboard/add-ons: what is left on each active SIM and the add-ons its plan takes (GET
 * /subscriber/add-on_plans). Buying one asks the server for the price and says what it adds and until
 * when, then goes through checkout's payment pages; the balance grows when the network confirms.
 * `?sim=<id>` shows one SIM (the link from its detail page).
 */
export default function AddOnsPage() {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const intl = useIntl();
  const [search] = useSearchParams();
  const only = search.get('sim');
  const plans = useAddOnPlans();
  // The balances: the same list the SIM pages use (it polls while an add-on is on its way).
  const list = useSimList(1, 100);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [quantity, setQuantity] = useState(1);

  const simsById = new Map((list.data?.data ?? []).map((s) => [s.id, s]));
  const rows = (plans.data ?? [])
    .map((entry) => ({ ...entry, sim: simsById.get(entry.simId) }))
    .filter((entry): entry is typeof entry & { sim: Sim } => entry.sim !== undefined && (!only || entry.simId === only))
    .sort((a, b) => compareSims(a.sim, b.sim));
  const loading = plans.isPending || list.isPending;
  const failed = (plans.isError && !plans.data) || (list.isError && !list.data);

  const action: PaidSimAction | null = choice ? { kind: 'addons', simId: choice.sim.id, items: [{ addonId: choice.addOn.id, quantity }] } : null;

  return (
    <DashboardFrame
      titleId="page.dashboard.addOns.title"
      lead={<FormattedMessage id="addOns.lead" />}
      error={failed}
      onRetry={() => {
        void plans.refetch();
        void list.refetch();
      }}
      actions={
        only ? (
          <Link to="/dashboard/add-ons" className="btn btn--ghost btn--sm">
            <FormattedMessage id="addOns.allSims" />
          </Link>
        ) : undefined
      }
    >
      {list.data && !only ? <HeldAddOns sims={list.data.data} /> : null}
      {loading ? (
        <div aria-busy="true">
          <Skeleton lines={6} />
        </div>
      ) : failed ? null : rows.length === 0 ? (
        <div className="empty-state" data-testid="addons-empty">
          <p>
            <FormattedMessage id={only ? 'addOns.simNotEligible' : 'addOns.empty'} />
          </p>
          <div className="sim-actions">
            <Link to="/dashboard/sim" className="btn btn--outline">
              <FormattedMessage id="addOns.toSims" />
            </Link>
            <Link to="/plans" className="btn btn--primary">
              <FormattedMessage id="cart.browsePlans" />
            </Link>
          </div>
        </div>
      ) : (
        <ul className="sim-cards sim-cards--single" aria-busy={list.isFetching || undefined}>
          {rows.map(({ sim, addOns }) => (
            <SimAddOns
              key={sim.id}
              sim={sim}
              addOns={addOns}
              onBuy={(addOn) => {
                setQuantity(1);
                setChoice({ sim, addOn });
              }}
            />
          ))}
        </ul>
      )}
      <PaidActionDialog
        open={choice !== null}
        action={action}
        title={<FormattedMessage id="addOns.confirmTitle" values={{ name: choice?.addOn.name ?? '' }} />}
        returnTo={choice ? `/dashboard/add-ons?sim=${choice.sim.id}` : '/dashboard/add-ons'}
        onClose={() => setChoice(null)}
        intro={
          choice ? (
            <div className="paid-action__intro">
              <p>
                <FormattedMessage
                  id="addOns.confirmFor"
                  values={{ sim: choice.sim.mdn ? formatNumber(choice.sim.mdn) : intl.formatMessage({ id: `sims.kind.${choice.sim.kind}` }) }}
                />
              </p>
              <label className="field-label" htmlFor="addon-quantity">
                <FormattedMessage id="addOns.quantity" />
              </label>
              <select id="addon-quantity" className="input sim-quantity" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
                {Array.from({ length: MAX_QUANTITY }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {intl.formatNumber(n)}
                  </option>
                ))}
              </select>
            </div>
          ) : null
        }
      />
    </DashboardFrame>
  );
}

function SimAddOns({ sim, addOns, onBuy }: { sim: Sim; addOns: AddOn[]; onBuy: (addOn: AddOn) => void }) {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const intl = useIntl();
  const fmt = useFormatAllowance();
  const money = useFormatMoney();
  const plan = currentPlan(sim);
  const headingId = `addons-sim-${sim.id}`;
  const simName = sim.mdn ? formatNumber(sim.mdn) : intl.formatMessage({ id: `sims.kind.${sim.kind}` });
  return (
    <li className="sim-card" data-testid="addons-sim" data-sim-id={sim.id}>
      <section aria-labelledby={headingId}>
        <div className="sim-card__head">
          <div>
            <p className="sim-card__kind">
              <FormattedMessage id={`sims.kind.${sim.kind}`} />
            </p>
            <h2 id={headingId} className="sim-card__number">
              <Link to={`/dashboard/sim/${sim.id}`} className="text-link">
                {simName}
              </Link>
            </h2>
          </div>
          <SimStatusBadge status={sim.status.status} />
        </div>
        <p className="sim-card__meta muted">{plan ? plan.name : <FormattedMessage id="sims.noPlan" />}</p>
        {sim.pendingAction?.type === 'add_balance' ? (
          <p className="notice notice--info sim-card__notice" role="status" data-testid="addons-pending">
            <FormattedMessage id="addOns.pending" />
          </p>
        ) : null}
        <h3 className="sim-subtitle">
          <FormattedMessage id="addOns.balanceTitle" />
        </h3>
        <SimAllowances sim={sim} />
        <h3 className="sim-subtitle">
          <FormattedMessage id="addOns.availableTitle" />
        </h3>
        {addOns.length === 0 ? (
          <p className="muted" data-testid="addons-none">
            <FormattedMessage id="error.NO_ADDONS_FOR_PLAN" />
          </p>
        ) : (
          <ul className="addon-list">
            {addOns.map((addOn) => (
              <li key={addOn.id} className="addon-row" data-testid="addon-row">
                <div>
                  <p className="addon-row__name">{addOn.name}</p>
                  <p className="muted addon-row__gives">{fmt.addOn(addOn) ?? addOn.description}</p>
                </div>
                <span className="addon-row__price">{money(addOn.price)}</span>
                <button
                  type="button"
                  className="btn btn--outline btn--sm"
                  onClick={() => onBuy(addOn)}
                  aria-label={intl.formatMessage({ id: 'addOns.buyFor' }, { name: addOn.name, sim: simName })}
                >
                  <FormattedMessage id="addOns.buy" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </li>
  );
}
