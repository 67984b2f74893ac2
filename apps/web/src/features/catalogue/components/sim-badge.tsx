import { FormattedMessage } from 'react-intl';
import { simKind } from '@app/shared/rules/catalogue';
import type { Plan } from '@app/shared/contracts/catalogue';
import { QrIcon, SimIcon } from '../../../components/ui/icons';

export function SimBadge({ plan }: { plan: Pick<Plan, 'simSource'> }) {
  const kind = simKind(plan);
  return (
    <span className={`badge badge--${kind}`}>
      {kind === 'physical' ? <SimIcon size={16} /> : <QrIcon size={16} />}
      <FormattedMessage id={kind === 'physical' ? 'plan.sim.physical' : 'plan.sim.esim'} />
    </span>
  );
}
