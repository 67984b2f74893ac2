import type { IntlShape } from 'react-intl';
import type { QuoteLine } from '@app/shared/contracts/checkout';
import type { OrderLine } from '@app/shared/contracts/orders';
import type { SummaryLine } from './totals-summary';

/** Names and details of priced lines in the customer's language (the server names the products). */
export function summaryLines(intl: IntlShape, lines: readonly (QuoteLine | OrderLine)[]): SummaryLine[] {
  return lines.map((line) => {
    const parts: string[] = [];
    if (line.sim) parts.push(intl.formatMessage({ id: line.sim === 'physical' ? 'plan.sim.physical' : 'plan.sim.esim' }));
    if (line.periodDays) parts.push(intl.formatMessage({ id: 'checkout.line.days' }, { days: line.periodDays }));
    if (line.type === 'addon') parts.push(intl.formatMessage({ id: 'cart.addOn' }));
    const problem = 'problem' in line ? line.problem : undefined;
    if (problem) parts.push(intl.formatMessage({ id: `checkout.line.problem.${problem}` }));
    return {
      key: 'key' in line ? line.key : line.id,
      name: line.name,
      detail: parts.join(' · ') || undefined,
      quantity: line.quantity,
      total: line.total,
      problem: Boolean(problem),
    };
  });
}
