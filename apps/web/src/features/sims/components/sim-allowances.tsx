import { FormattedMessage, useIntl } from 'react-intl';
import type { Sim } from '@app/shared/contracts/sims';
import { useFormatAllowance } from '../../../lib/use-format-allowance';

type Kind = 'data' | 'call' | 'sms';

const TOTAL: Record<Kind, 'totalData' | 'totalVoice' | 'totalSms'> = { data: 'totalData', call: 'totalVoice', sms: 'totalSms' };

/**
 * What is left of the plan (plus add-ons) per kind: a meter and the figures through the shared
 * allowance formatter (decision 100). Unlimited reads as a word, not a bar.
 */
export function SimAllowances({ sim, compact = false }: { sim: Sim; compact?: boolean }) {
  const intl = useIntl();
  const fmt = useFormatAllowance();
  const details = sim.sourceDetails.providerDetails;
  const write = (kind: Kind, n: number) => (kind === 'data' ? fmt.dataSize(n) : kind === 'call' ? fmt.minutes(n) : fmt.sms(n));
  if (!sim.simSubscription.planSubscription) return null;
  return (
    <dl className={`sim-allowances${compact ? ' sim-allowances--compact' : ''}`} data-testid="sim-allowances">
      {(['data', 'call', 'sms'] as const).map((kind) => {
        const left = sim.balance[kind];
        const total = details[TOTAL[kind]];
        const label = intl.formatMessage({ id: `sim.allowance.${kind}` });
        return (
          <div key={kind} className="sim-allowance" data-kind={kind}>
            <dt>{label}</dt>
            <dd>
              {left === null || total === null ? (
                <FormattedMessage id="sim.allowance.unlimited" />
              ) : (
                <>
                  <FormattedMessage id="sim.allowance.left" values={{ left: write(kind, left), total: write(kind, total) }} />
                  {compact ? null : (
                    <meter
                      className="sim-allowance__meter"
                      min={0}
                      max={Math.max(total, 1)}
                      low={Math.max(total, 1) * 0.2}
                      high={Math.max(total, 1) * 0.5}
                      optimum={Math.max(total, 1)}
                      value={Math.min(left, total)}
                      aria-label={intl.formatMessage({ id: 'sim.allowance.meter' }, { kind: label })}
                    />
                  )}
                </>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
