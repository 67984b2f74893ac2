import { Skeleton } from '../../components/ui/skeleton';
import { useProfile } from '../../features/profile/api/get-profile';
import { PurchaseSimPage, type AddressDefaults } from '../../features/sims/pages/purchase-sim-page';

/** /dashboard/purchase/sim: the SIM card order, with the shipping address filled in from the profile. */
export default function DashboardPurchaseSim() {
  const profile = useProfile();
  if (profile.isPending) {
    return (
      <div className="container page dashboard-page" aria-busy="true">
        <Skeleton lines={8} />
      </div>
    );
  }
  const p = profile.data;
  const defaults: AddressDefaults | undefined = p
    ? {
        shippingFirstName: p.firstName,
        shippingLastName: p.lastName,
        shippingPhoneNumber: p.phone ?? '',
        shippingAddress1: p.shippingAddress1 ?? '',
        shippingAddress2: p.shippingAddress2 ?? '',
        shippingCity: p.city ?? '',
        shippingState: p.state ?? '',
        shippingZipcode: p.zipcode ?? '',
        ...(p.country ? { shippingCountry: p.country } : {}),
      }
    : undefined;
  return <PurchaseSimPage addressDefaults={defaults} />;
}
