import AffiliateProgramPage from '../../features/content/pages/affiliate-program-page';
import { AffiliateCodeCard } from '../../features/affiliate/components/affiliate-code-card';

/** The program's content with the signed-in subscriber's own code (or how to get one) under its heading. */
export default function AffiliateProgramRoute() {
  return <AffiliateProgramPage codeCard={<AffiliateCodeCard />} />;
}
