import MyProfilePage from '../../features/profile/pages/my-profile-page';
import { SavedCards } from '../../features/payments/saved-cards/saved-cards';

export default function DashboardMyProfile() {
  return <MyProfilePage cardsSection={<SavedCards />} />;
}
