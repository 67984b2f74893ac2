import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Sim } from '@app/shared/contracts/sims';
import { FormField } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { setWifiCalling, setWifiCallingByIccid, useSimList } from '../api/sims-api';
import { WifiCallingForm } from '../components/wifi-calling-form';
import { useFormatPhone } from '../../../lib/use-format-phone';
import '../sims.css';

/** SIMs on the network: the ones Wi-Fi calling can be set for. */
const ON_NETWORK = ['active', 'in_use', 'inUse', 'used_up'];

/**
 * /wifi-actions (spec §2 Support): turn Wi-Fi calling on or off and change the 911 address. The
 * network validates the address before Wi-Fi calling can be on. Signed in: choose one of your SIMs
 * and see its current setting; signed out: name the SIM by the ICCID printed on the card.
 */
export default function WifiActionsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'page.wifiActions.title' }));
  useMetaDescription(intl.formatMessage({ id: 'wifi.lead' }));
  const { isAuth } = useSession();
  return (
    <div className="container page wifi-page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="page.wifiActions.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="wifi.lead" />
        </p>
      </header>
      {isAuth ? <SignedIn /> : <SignedOut />}
    </div>
  );
}

function SignedIn() {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const intl = useIntl();
  const client = useQueryClient();
  const list = useSimList(1, 100);
  const sims = (list.data?.data ?? []).filter((s) => ON_NETWORK.includes(s.status.status) && s.mdn);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const sim = sims.find((s) => s.id === chosenId) ?? sims[0];

  if (list.isPending) return <Skeleton lines={6} />;
  if (list.isError && !list.data) {
    return (
      <div className="notice notice--warning" role="alert">
        <p>
          <FormattedMessage id="dashboard.loadFailed" />
        </p>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => void list.refetch()}>
          <FormattedMessage id="dashboard.retry" />
        </button>
      </div>
    );
  }
  if (!sim) {
    return (
      <div className="empty-state" data-testid="wifi-no-sims">
        <p>
          <FormattedMessage id="wifi.noActiveSims" />
        </p>
        <Link to="/dashboard/sim" className="btn btn--outline">
          <FormattedMessage id="addOns.toSims" />
        </Link>
      </div>
    );
  }
  const pending = sim.pendingAction?.type === 'set_wifi_calling';
  return (
    <section className="sim-panel" aria-labelledby="wifi-sim-title" data-testid="wifi-signed-in">
      <h2 id="wifi-sim-title" className="section-title section-title--sm">
        <FormattedMessage id="wifi.simTitle" />
      </h2>
      {sims.length > 1 ? (
        <FormField label={<FormattedMessage id="wifi.chooseSim" />}>
          {(control) => (
            <select {...control} className="input select" value={sim.id} onChange={(e) => setChosenId(e.target.value)}>
              {sims.map((s) => (
                <option key={s.id} value={s.id}>
                  {`${intl.formatMessage({ id: `sims.kind.${s.kind}` })} · ${formatNumber(s.mdn!)}`}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : (
        <p>{formatNumber(sim.mdn!)}</p>
      )}
      <p data-testid="wifi-state" data-on={sim.wifiCalling}>
        <FormattedMessage id={sim.wifiCalling ? 'wifi.stateOn' : 'wifi.stateOff'} />
        {sim.e911Address ? <> {intl.formatMessage({ id: 'wifi.currentAddress' }, { address: addressLine(sim) })}</> : null}
      </p>
      <div aria-live="polite">
        {pending ? (
          <p className="notice notice--info" data-testid="wifi-pending">
            <FormattedMessage id="wifi.pending" />
          </p>
        ) : null}
      </div>
      <WifiCallingForm
        key={`${sim.id}-${sim.wifiCalling}`}
        enabled={sim.wifiCalling}
        address={sim.e911Address}
        disabled={pending}
        send={async (body) => {
          await setWifiCalling(client, sim.id, body);
          notify.success({ id: 'wifi.updated' });
        }}
      />
    </section>
  );
}

function addressLine(sim: Sim): string {
  const a = sim.e911Address!;
  return [a.street, a.unit, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');
}

function SignedOut() {
  const intl = useIntl();
  const [iccid, setIccid] = useState('');
  const [iccidError, setIccidError] = useState<string | undefined>();
  const [sent, setSent] = useState<boolean | null>(null);
  return (
    <section className="sim-panel" aria-labelledby="wifi-public-title" data-testid="wifi-signed-out">
      <h2 id="wifi-public-title" className="section-title section-title--sm">
        <FormattedMessage id="wifi.publicTitle" />
      </h2>
      <p className="muted">
        <FormattedMessage
          id="wifi.publicLead"
          values={{
            login: (chunks) => (
              <Link to={`/auth/login?redirect=${encodeURIComponent('/wifi-actions')}`} className="text-link">
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
      {sent !== null ? (
        <p className="notice notice--info" role="status" data-testid="wifi-public-sent">
          <FormattedMessage id={sent ? 'wifi.publicSentOn' : 'wifi.publicSentOff'} />
        </p>
      ) : null}
      <FormField label={<FormattedMessage id="wifi.iccid" />} error={iccidError} hint={<FormattedMessage id="wifi.iccidHint" />}>
        {(control) => (
          <input
            {...control}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            value={iccid}
            onChange={(e) => {
              setIccid(e.target.value);
              setIccidError(undefined);
            }}
          />
        )}
      </FormField>
      <WifiCallingForm
        enabled={false}
        address={null}
        send={async (body) => {
          if (!/^\d{18,22}$/.test(iccid.trim())) {
            setIccidError(intl.formatMessage({ id: 'wifi.iccidInvalid' }));
            return;
          }
          const result = await setWifiCallingByIccid(iccid, body);
          setSent(result.enabled);
        }}
      />
    </section>
  );
}
