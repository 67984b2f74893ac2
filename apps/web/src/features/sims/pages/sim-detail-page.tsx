import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { activateOwnSim, useSim } from '../api/sims-api';
import { ActivateForm, ZIP_CODES } from '../components/activate-form';
import { AutoToggle } from '../components/auto-toggle';
import { EsimDelivery } from '../components/esim-delivery';
import { SimAllowances } from '../components/sim-allowances';
import { SimCardActions } from '../components/sim-card-actions';
import { PortOutPanel } from '../components/port-out-panel';
import { SimPlanActions } from '../components/sim-plan-actions';
import { SimStatusBadge, SimStatusHelp } from '../components/sim-status-badge';
import { canActivate, currentPlan } from '../sim-format';
import { useFormatPhone } from '../../../lib/use-format-phone';
import '../sims.css';

/** The carrier actions a pending notice can name; anything else reads as "a change". */
const KNOWN_ACTIONS = ['activate', 'renew', 'change_plan', 'add_balance', 'set_wifi_calling', 'reconnect', 'refresh', 'recover', 'port_in'];

/** /dashboard/sim/:id: one SIM with its state explained, allowances, automatic payments, eSIM delivery and actions. */
export default function SimDetailPage() {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const { id = '' } = useParams();
  const intl = useIntl();
  const client = useQueryClient();
  const query = useSim(id);
  const sim = query.data;
  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;

  if (notFound) {
    return (
      <DashboardFrame titleId="page.dashboard.sim.title">
        <div className="empty-state" data-testid="sim-not-found">
          <p>
            <FormattedMessage id="sim.notFound" />
          </p>
          <Link to="/dashboard/sim" className="btn btn--outline">
            <FormattedMessage id="sim.backToList" />
          </Link>
        </div>
      </DashboardFrame>
    );
  }

  const plan = sim ? currentPlan(sim) : null;
  const period = sim?.simSubscription.planSubscription;
  const title = sim?.mdn ? formatNumber(sim.mdn) : sim ? intl.formatMessage({ id: `sims.kind.${sim.kind}` }) : undefined;

  return (
    <DashboardFrame
      titleId="page.dashboard.sim.title"
      title={title}
      error={query.isError && !sim}
      onRetry={() => void query.refetch()}
      actions={
        <Link to="/dashboard/sim" className="btn btn--ghost btn--sm">
          <FormattedMessage id="sim.backToList" />
        </Link>
      }
    >
      {query.isPending ? (
        <div aria-busy="true">
          <Skeleton lines={8} />
        </div>
      ) : sim ? (
        <div className="sim-detail" data-testid="sim-detail">
          <section className="sim-panel" aria-labelledby="sim-state-title">
            <div className="sim-card__head">
              <h2 id="sim-state-title" className="section-title section-title--sm">
                <FormattedMessage id="sim.state.title" />
              </h2>
              <SimStatusBadge status={sim.status.status} />
            </div>
            <SimStatusHelp status={sim.status.status} />
            <div aria-live="polite">
              {sim.pendingAction ? (
                <div className="notice notice--info sim-pending" data-testid="sim-pending">
                  <Spinner size="sm" label={intl.formatMessage({ id: 'sim.pending.busy' })} />
                  <p>
                    <FormattedMessage
                      id="sim.pending.text"
                      values={{
                        action: intl.formatMessage({
                          id: `sim.action.${KNOWN_ACTIONS.includes(sim.pendingAction.type) ? sim.pendingAction.type : 'other'}`,
                        }),
                      }}
                    />
                  </p>
                </div>
              ) : null}
            </div>
            {sim.problem ? (
              <div className="notice notice--warning" role="alert" data-testid="sim-problem">
                <p>
                  <FormattedMessage id={`sim.problem.${sim.problem.code === 'PROBLEM_WITH_ACTIVATION' ? 'activation' : 'other'}`} />
                </p>
                {sim.problem.note ? <p>{sim.problem.note}</p> : null}
              </div>
            ) : null}
            <dl className="sim-facts">
              <div>
                <dt>
                  <FormattedMessage id="sim.fact.kind" />
                </dt>
                <dd>
                  <FormattedMessage id={`sims.kind.${sim.kind}`} />
                </dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="sim.fact.number" />
                </dt>
                <dd>{sim.mdn ? formatNumber(sim.mdn) : <FormattedMessage id="sims.noNumberYet" />}</dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="sim.fact.iccid" />
                </dt>
                <dd>
                  <code>{sim.iccid}</code>
                </dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="sim.fact.plan" />
                </dt>
                <dd>{plan ? plan.name : <FormattedMessage id="sims.noPlan" />}</dd>
              </div>
              {sim.activatedAt ? (
                <div>
                  <dt>
                    <FormattedMessage id="sim.fact.activated" />
                  </dt>
                  <dd>
                    <FormattedDate value={sim.activatedAt} dateStyle="medium" />
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>
                  <FormattedMessage id="sim.fact.expires" />
                </dt>
                <dd data-testid="sim-expiry">
                  {period?.expiresAt ? (
                    <FormattedDate value={period.expiresAt} dateStyle="medium" timeStyle="short" />
                  ) : (
                    <FormattedMessage id="sim.fact.expiresNotStarted" values={{ days: plan?.validityDays ?? 0 }} />
                  )}
                </dd>
              </div>
              {sim.zip ? (
                <div>
                  <dt>
                    <FormattedMessage id="sim.fact.zip" />
                  </dt>
                  <dd>{sim.zip}</dd>
                </div>
              ) : null}
            </dl>
          </section>

          {canActivate(sim) ? (
            <section className="sim-panel" aria-labelledby="sim-activate-title" data-testid="sim-activate">
              <h2 id="sim-activate-title" className="section-title section-title--sm">
                <FormattedMessage id="sim.activate.title" />
              </h2>
              <p className="muted">
                <FormattedMessage id="sim.activate.lead" />
              </p>
              <ActivateForm
                initialZip={sim.zip ?? ''}
                submitLabelId={sim.problem ? 'sim.activate.retry' : 'sim.activate.submit'}
                onSubmit={async (zip) => {
                  await activateOwnSim(client, sim.id, zip, Boolean(sim.problem), (e) => !(e.code && ZIP_CODES.includes(e.code)));
                  notify.info({ id: 'sim.activate.started' });
                }}
              />
            </section>
          ) : null}

          {period ? (
            <section className="sim-panel" aria-labelledby="sim-allowance-title">
              <h2 id="sim-allowance-title" className="section-title section-title--sm">
                <FormattedMessage id="sim.allowance.title" />
              </h2>
              <SimAllowances sim={sim} />
            </section>
          ) : null}

          <SimPlanActions sim={sim} />

          <SimCardActions sim={sim} />

          {sim.esim ? <EsimDelivery esim={sim.esim} /> : null}

          {plan ? (
            <section className="sim-panel" aria-labelledby="sim-auto-title">
              <h2 id="sim-auto-title" className="section-title section-title--sm">
                <FormattedMessage id="sim.auto.title" />
              </h2>
              <AutoToggle sim={sim} which="auto_renew" />
              <AutoToggle sim={sim} which="auto_extend" />
              <p className="field-hint">
                <FormattedMessage
                  id="sim.auto.cardHint"
                  values={{ link: paymentTabLink }}
                />
              </p>
              <p className="field-hint" data-testid="sim-quota-hint">
                <FormattedMessage
                  id="sim.auto.quotaHint"
                  values={{ link: paymentTabLink }}
                />
              </p>
            </section>
          ) : null}

          <PortOutPanel sim={sim} />

          <section className="sim-panel" aria-labelledby="sim-more-title">
            <h2 id="sim-more-title" className="section-title section-title--sm">
              <FormattedMessage id="sim.more.title" />
            </h2>
            <ul className="sim-links">
              {sim.mdn ? (
                <li>
                  <Link to={`/dashboard/usage?sim=${sim.id}`} className="text-link">
                    <FormattedMessage id="sim.more.usage" />
                  </Link>
                </li>
              ) : null}
              {plan ? (
                <li>
                  <Link to={`/dashboard/add-ons?sim=${sim.id}`} className="text-link">
                    <FormattedMessage id="sim.more.addOns" />
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to={`/dashboard/port-in?sim=${sim.id}`} className="text-link">
                  <FormattedMessage id="sim.more.portIn" />
                </Link>
              </li>
              <li>
                <Link to="/dashboard/order-status" className="text-link">
                  <FormattedMessage id="sim.more.orders" />
                </Link>
              </li>
            </ul>
          </section>
        </div>
      ) : null}
    </DashboardFrame>
  );
}

/** The card and automatic-payment settings live on the profile's Payment tab. */
function paymentTabLink(chunks: ReactNode[]) {
  return (
    <Link to="/dashboard/my-profile?tab=payment" className="text-link">
      {chunks}
    </Link>
  );
}
