import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeldAddOn, Sim } from '@app/shared/contracts/sims';
import { Spinner } from '../../../components/ui/spinner';
import { errorCodeOf, useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/toast';
import { useFormatAllowance } from '../../../lib/use-format-allowance';
import { activateHeldAddOn, heldAddOnsQueryOptions } from '../api/sims-api';
import { useFormatPhone, useLtrText } from '../../../lib/use-format-phone';

/** SIMs an add-on can go on now: on the network, or paid and waiting for activation. */
const TAKES_ADD_ONS = ['active', 'in_use', 'inUse', 'used_up', 'inactive', 'pending'];

/**
 * Add-ons bought without a SIM (a cart of add-ons only, or bought for this account by someone else),
 * kept on the account until used (decision 180): each with the SIMs whose plan takes it, and "Use on
 * this SIM", which puts it on that SIM at once (or with its activation).
 */
export function HeldAddOns({ sims }: { sims: Sim[] }) {
  const query = useQuery(heldAddOnsQueryOptions);
  const waiting = (query.data ?? []).filter((h) => h.status === 'held');
  if (waiting.length === 0) return null;
  return (
    <section className="sim-panel held-add-ons" aria-labelledby="held-add-ons-title" data-testid="held-add-ons">
      <h2 id="held-add-ons-title" className="section-title section-title--sm">
        <FormattedMessage id="heldAddOns.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="heldAddOns.lead" />
      </p>
      <ul className="addon-list">
        {waiting.map((h) => (
          <HeldRow key={h.id} held={h} sims={sims} />
        ))}
      </ul>
    </section>
  );
}

function HeldRow({ held, sims }: { held: HeldAddOn; sims: Sim[] }) {
  const intl = useIntl();
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const ltr = useLtrText();
  const client = useQueryClient();
  const fmt = useFormatAllowance();
  const errorText = useErrorMessage();
  const fits = sims.filter((s) => s.simPlan && held.allowedForPlans.includes(s.simPlan.id) && TAKES_ADD_ONS.includes(s.status.status));
  const [simId, setSimId] = useState(fits[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const gives = [held.dataMb > 0 ? fmt.dataSize(held.dataMb) : null, held.voiceMinutes > 0 ? fmt.minutes(held.voiceMinutes) : null, held.sms > 0 ? fmt.sms(held.sms) : null]
    .filter(Boolean)
    .join(' · ');
  const selectId = `held-${held.id}`;
  const simName = (s: Sim) => (s.mdn ? formatNumber(s.mdn) : `${intl.formatMessage({ id: `sims.kind.${s.kind}` })} ${ltr(s.iccid.slice(-4))}`);

  async function use() {
    const chosen = simId || fits[0]?.id;
    if (!chosen || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await activateHeldAddOn(client, held.id, chosen);
      notify.success({ id: 'heldAddOns.done' });
    } catch (error) {
      setProblem(errorCodeOf(error) ?? 'UNKNOWN');
      setBusy(false);
    }
  }

  return (
    <li className="addon-row held-add-ons__row" data-testid="held-add-on">
      <div>
        <p className="addon-row__name">
          {held.name}
          {held.quantity > 1 ? <span className="muted"> × {intl.formatNumber(held.quantity)}</span> : null}
        </p>
        <p className="muted addon-row__gives">{gives}</p>
      </div>
      {fits.length === 0 ? (
        <p className="muted" data-testid="held-add-on-no-sim">
          <FormattedMessage id="heldAddOns.noSim" />
        </p>
      ) : (
        <div className="held-add-ons__use">
          <label className="field-label" htmlFor={selectId}>
            <FormattedMessage id="heldAddOns.simLabel" />
          </label>
          <select id={selectId} className="input" value={simId} onChange={(e) => setSimId(e.target.value)} disabled={busy}>
            {fits.map((s) => (
              <option key={s.id} value={s.id}>
                {simName(s)}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn--primary btn--sm" onClick={() => void use()} disabled={busy}>
            {busy ? <Spinner size="sm" /> : null} <FormattedMessage id="heldAddOns.use" />
          </button>
        </div>
      )}
      {problem ? (
        <p className="notice notice--warning" role="alert" data-code={problem}>
          {errorText(problem)}
        </p>
      ) : null}
    </li>
  );
}
