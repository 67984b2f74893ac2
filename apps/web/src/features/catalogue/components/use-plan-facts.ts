import { useIntl } from 'react-intl';
import type { Plan } from '@app/shared/contracts/catalogue';

/** The plan's allowances as short translated phrases ("3 GB", "Unlimited", "30 days"). */
export function usePlanFacts(plan: Plan) {
  const intl = useIntl();
  const unlimited = intl.formatMessage({ id: 'plan.unlimited' });
  const data =
    plan.dataMb === null
      ? unlimited
      : plan.dataMb >= 1024
        ? intl.formatNumber(plan.dataMb / 1024, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 })
        : intl.formatNumber(plan.dataMb, { style: 'unit', unit: 'megabyte' });
  return {
    data,
    minutes: plan.voiceMinutes === null ? unlimited : intl.formatMessage({ id: 'plan.minutesValue' }, { n: plan.voiceMinutes }),
    sms: plan.sms === null ? unlimited : intl.formatMessage({ id: 'plan.smsValue' }, { n: plan.sms }),
    validity: intl.formatMessage({ id: 'plan.days' }, { days: plan.validityDays }),
  };
}
