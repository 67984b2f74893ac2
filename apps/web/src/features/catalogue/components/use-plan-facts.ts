import { useIntl } from 'react-intl';
import type { Plan } from '@app/shared/contracts/catalogue';
import { useFormatAllowance } from '../../../lib/use-format-allowance';

/** The plan's allowances as short translated phrases ("3 GB", "Unlimited", "30 days"). */
export function usePlanFacts(plan: Plan) {
  const intl = useIntl();
  const format = useFormatAllowance();
  const unlimited = intl.formatMessage({ id: 'plan.unlimited' });
  return {
    data: plan.dataMb === null ? unlimited : format.dataSize(plan.dataMb),
    minutes: plan.voiceMinutes === null ? unlimited : format.minutes(plan.voiceMinutes),
    sms: plan.sms === null ? unlimited : format.sms(plan.sms),
    validity: intl.formatMessage({ id: 'plan.days' }, { days: plan.validityDays }),
  };
}
