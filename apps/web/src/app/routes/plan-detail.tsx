import PlanDetailPage from '../../features/catalogue/pages/plan-detail-page';
import UnknownPath from './unknown-path';

/**
 * /plan/:name/:plan. A last segment that names no plan is what it was before this route existed:
 * an unknown path, so the spec's rule stores it as a reseller code and goes back to /plan/:name.
 */
export default function PlanDetailRoute() {
  return <PlanDetailPage notFound={() => <UnknownPath />} />;
}
