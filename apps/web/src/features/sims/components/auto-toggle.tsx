import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import type { Sim } from '@app/shared/contracts/sims';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/toast';
import { setAutoFlag } from '../api/sims-api';

const FLAG = { auto_renew: 'autoRenew', auto_extend: 'autoExtend' } as const;
const NAME = { auto_renew: 'renew', auto_extend: 'extend' } as const;

/**
 * Auto-renew / auto-extend as a switch that asks first: turning it on means future charges to the
 * card chosen for it, turning it off means the plan will lapse; both say so before anything changes.
 */
export function AutoToggle({ sim, which }: { sim: Sim; which: 'auto_renew' | 'auto_extend' }) {
  const intl = useIntl();
  const client = useQueryClient();
  const on = sim[FLAG[which]];
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = NAME[which];
  const labelId = `sim-${which}-${sim.id}`;

  async function confirm() {
    setBusy(true);
    try {
      await setAutoFlag(client, sim.id, which, !on);
      notify.success({ id: `sim.auto.${name}.${on ? 'disabled' : 'enabled'}` });
      setAsking(false);
    } catch {
      // The API client has shown the reason; the dialog stays open to try again or cancel.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auto-toggle" data-testid={`toggle-${which}`}>
      <div className="auto-toggle__text">
        <span className="auto-toggle__label" id={labelId}>
          <FormattedMessage id={`sim.auto.${name}.label`} />
        </span>
        <span className="field-hint">
          <FormattedMessage id={`sim.auto.${name}.help`} />
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        className={`switch${on ? ' switch--on' : ''}`}
        onClick={() => setAsking(true)}
        disabled={sim.status.status === 'disconnected'}
      >
        <span className="switch__knob" aria-hidden="true" />
        <span className="switch__state">{intl.formatMessage({ id: on ? 'sim.auto.on' : 'sim.auto.off' })}</span>
      </button>
      <ConfirmDialog
        open={asking}
        busy={busy}
        danger={on}
        title={<FormattedMessage id={`sim.auto.${name}.${on ? 'offTitle' : 'onTitle'}`} />}
        confirmLabel={<FormattedMessage id={on ? 'sim.auto.turnOff' : 'sim.auto.turnOn'} />}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      >
        <p>
          <FormattedMessage id={`sim.auto.${name}.${on ? 'offBody' : 'onBody'}`} />
        </p>
      </ConfirmDialog>
    </div>
  );
}
