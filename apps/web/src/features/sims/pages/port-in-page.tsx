import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PortRequestView } from '@app/shared/contracts/sims';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { cancelPort, checkPort, usePorts, useSimList } from '../api/sims-api';
import { PortFixForm } from '../components/port-fix-form';
import { PortForm, portModeFor } from '../components/port-form';
import { PortStatusBadge, PortStatusHelp } from '../components/port-status';
import { portErrorMessageId } from '../port-errors';
import { useFormatPhone } from '../../../lib/use-format-phone';
import '../sims.css';

const OPEN: PortRequestView['status'][] = ['submitted', 'pending', 'resolution_required'];

/** /dashboard/port-in: the subscriber's port-in requests, each state explained, and a new request. */
export default function PortInPage() {
  const [search] = useSearchParams();
  const ports = usePorts();
  const sims = useSimList(1, 100);
  const eligible = (sims.data?.data ?? []).filter((s) => portModeFor(s) !== null);
  const [formOpen, setFormOpen] = useState(Boolean(search.get('sim')));
  const list = ports.data ?? [];

  return (
    <DashboardFrame
      titleId="page.dashboard.portIn.title"
      lead={<FormattedMessage id="port.lead" />}
      error={(ports.isError && !ports.data) || (sims.isError && !sims.data)}
      onRetry={() => {
        void ports.refetch();
        void sims.refetch();
      }}
    >
      {ports.isPending || sims.isPending ? (
        <div aria-busy="true">
          <Skeleton lines={6} />
        </div>
      ) : (
        <div className="port-page">
          <section className="sim-panel" aria-labelledby="port-new-title">
            <h2 id="port-new-title" className="section-title section-title--sm">
              <FormattedMessage id="port.new.title" />
            </h2>
            {eligible.length === 0 ? (
              <div className="empty-state" data-testid="port-no-sim">
                <p>
                  <FormattedMessage id="port.new.noSim" />
                </p>
                <Link to="/plans" className="btn btn--primary">
                  <FormattedMessage id="cart.browsePlans" />
                </Link>
              </div>
            ) : formOpen ? (
              <PortForm sims={eligible} initialSimId={search.get('sim') ?? undefined} onDone={() => setFormOpen(false)} />
            ) : (
              <>
                <p className="muted">
                  <FormattedMessage id="port.new.lead" />
                </p>
                <button type="button" className="btn btn--primary" onClick={() => setFormOpen(true)}>
                  <FormattedMessage id="port.new.start" />
                </button>
              </>
            )}
          </section>

          <section aria-labelledby="port-list-title">
            <h2 id="port-list-title" className="section-title section-title--sm">
              <FormattedMessage id="port.list.title" />
            </h2>
            {list.length === 0 ? (
              <p className="muted" data-testid="ports-empty">
                <FormattedMessage id="port.list.empty" />
              </p>
            ) : (
              <ul className="sim-cards sim-cards--single" aria-busy={ports.isFetching || undefined}>
                {list.map((port) => (
                  <PortCard key={port.id} port={port} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </DashboardFrame>
  );
}

function PortCard({ port }: { port: PortRequestView }) {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const intl = useIntl();
  const client = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [asking, setAsking] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const moving = port.status === 'submitted' || port.status === 'pending';

  async function check() {
    setChecking(true);
    try {
      await checkPort(client, port.id);
    } catch {
      // The API client has said why.
    } finally {
      setChecking(false);
    }
  }

  async function cancel() {
    setCanceling(true);
    try {
      await cancelPort(client, port.id);
      notify.success({ id: 'port.canceled' });
      setAsking(false);
    } catch (e) {
      if (isApiError(e)) notify.error({ id: portErrorMessageId(e) });
    } finally {
      setCanceling(false);
    }
  }

  return (
    <li className="sim-card" data-testid="port-row" data-port-id={port.id}>
      <div className="sim-card__head">
        <div>
          <p className="sim-card__kind">
            <FormattedMessage id="port.card.kind" />
          </p>
          <h3 className="sim-card__number">{formatNumber(port.number)}</h3>
        </div>
        <PortStatusBadge status={port.status} />
      </div>
      <div aria-live="polite">
        <PortStatusHelp port={port} />
      </div>
      <p className="sim-card__meta muted">
        <FormattedMessage
          id="port.card.meta"
          values={{
            name: port.authorizedName,
            date: <FormattedDate key="d" value={port.updatedAt} dateStyle="medium" timeStyle="short" />,
            submissions: port.submissions,
          }}
        />
      </p>
      {port.status === 'resolution_required' && port.fieldsToFix.length ? <PortFixForm port={port} /> : null}
      {OPEN.includes(port.status) ? (
        <div className="sim-actions">
          {moving ? (
            <button type="button" className="btn btn--outline btn--sm" onClick={() => void check()} disabled={checking}>
              {checking ? <Spinner size="sm" label={intl.formatMessage({ id: 'port.checking' })} /> : null} <FormattedMessage id="port.check" />
            </button>
          ) : null}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setAsking(true)}>
            <FormattedMessage id="port.cancel" />
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={asking}
        busy={canceling}
        danger
        title={<FormattedMessage id="port.cancelTitle" values={{ number: formatNumber(port.number) }} />}
        confirmLabel={<FormattedMessage id="port.cancelConfirm" />}
        onConfirm={() => void cancel()}
        onClose={() => setAsking(false)}
      >
        <p>
          <FormattedMessage id="port.cancelBody" />
        </p>
      </ConfirmDialog>
    </li>
  );
}
