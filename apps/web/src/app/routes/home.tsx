import HomePage from '../../features/home/home-page';
import { CategoryCards } from '../../features/catalogue/components/category-cards';
import { ZipForm } from '../../features/network-coverage/components/zip-form';

/** Home composes three features: marketing (home), plan categories (catalogue) and the ZIP check (coverage). */
export default function HomeRoute() {
  return <HomePage categories={<CategoryCards />} coverageForm={<ZipForm compact />} />;
}
