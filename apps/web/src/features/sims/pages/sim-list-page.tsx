import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { compareSims } from '@app/shared/rules/sims';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSimList } from '../api/sims-api';
import { SimAllowances } from '../components/sim-allowances';
import { TopUpPanel } from '../components/top-up-panel';
import { SimStatusBadge, SimStatusHelp } from '../components/sim-status-badge';
import { currentPlan } from '../sim-format';
import { useFormatPhone, useLtrText } from '../../../lib/use-format-phone';
import '../sims.css';

const PAGE_SIZE = 20;

/** /dashboard/sim: the subscriber's SIMs, Physical SIM before eSIM, newest first (spec §4), each with its state in words. */
export default function SimListPage() {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const ltr = useLtrText();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useSimList(page, PAGE_SIZE);
  const data = list.data;
  const sims = data ? [...data.data].sort(compareSims) : [];

  return (
    <DashboardFrame
      titleId="page.dashboard.sim.title"
      lead={<FormattedMessage id="sims.lead" />}
      error={list.isError && !data}
      onRetry={() => void list.refetch()}
      actions={
        <>
          <Link to="/dashboard/purchase/sim" className="btn btn--outline btn--sm">
            <FormattedMessage id="sims.buySimCard" />
          </Link>
          <Link to="/plans" className="btn btn--primary btn--sm">
            <FormattedMessage id="sims.buyPlan" />
          </Link>
        </>
      }
    >
      {list.isPending ? (
        <div aria-busy="true">
          <Skeleton lines={6} />
        </div>
      ) : data && data.total === 0 ? (
        <div className="empty-state" data-testid="sims-empty">
          <p>
            <FormattedMessage id="sims.empty" />
          </p>
          <div className="sim-actions">
            <Link to="/plans" className="btn btn--primary">
              <FormattedMessage id="cart.browsePlans" />
            </Link>
            <Link to="/activate" className="btn btn--outline">
              <FormattedMessage id="sims.activateOne" />
            </Link>
          </div>
        </div>
      ) : data ? (
        <div aria-busy={list.isFetching || undefined}>
          <ul className="sim-cards">
            {sims.map((sim) => {
              const plan = currentPlan(sim);
              const expiresAt = sim.simSubscription.planSubscription?.expiresAt;
              const helpId = `sim-help-${sim.id}`;
              return (
                <li key={sim.id} className="sim-card" data-testid="sim-row" data-sim-id={sim.id}>
                  <div className="sim-card__head">
                    <div>
                      <p className="sim-card__kind">
                        <FormattedMessage id={`sims.kind.${sim.kind}`} />
                      </p>
                      <h2 className="sim-card__number">
                        <Link to={`/dashboard/sim/${sim.id}`} className="text-link">
                          {sim.mdn ? formatNumber(sim.mdn) : <FormattedMessage id="sims.noNumberYet" />}
                        </Link>
                      </h2>
                    </div>
                    <SimStatusBadge status={sim.status.status} />
                  </div>
                  <SimStatusHelp status={sim.status.status} id={helpId} />
                  <p className="sim-card__meta muted">
                    {plan ? plan.name : <FormattedMessage id="sims.noPlan" />}
                    {expiresAt ? (
                      <>
                        {' · '}
                        <FormattedMessage
                          id={sim.status.expired ? 'sims.expiredOn' : 'sims.expiresOn'}
                          values={{ date: <FormattedDate key="d" value={expiresAt} dateStyle="medium" /> }}
                        />
                      </>
                    ) : null}
                    {' · '}
                    <FormattedMessage id="sims.iccid" values={{ iccid: ltr(sim.iccid) }} />
                  </p>
                  {sim.problem ? (
                    <p className="notice notice--warning sim-card__notice">
                      <FormattedMessage id={`sim.problem.${sim.problem.code === 'PROBLEM_WITH_ACTIVATION' ? 'activation' : 'other'}`} />
                    </p>
                  ) : null}
                  <SimAllowances sim={sim} compact />
                  <div className="sim-actions">
                    <Link to={`/dashboard/sim/${sim.id}`} className="btn btn--outline btn--sm">
                      <FormattedMessage id="sims.manage" />
                    </Link>
                    {sim.autoRenew ? (
                      <span className="badge badge--muted">
                        <FormattedMessage id="sims.autoRenewOn" />
                      </span>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            onPage={(p) => {
              const params = new URLSearchParams(search);
              if (p > 1) params.set('page', String(p));
              else params.delete('page');
              setSearch(params, { replace: true, preventScrollReset: true });
            }}
          />
        </div>
      ) : null}
      {list.isPending ? null : <TopUpPanel />}
    </DashboardFrame>
  );
}
