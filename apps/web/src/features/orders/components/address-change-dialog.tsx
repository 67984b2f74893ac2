import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { z } from 'zod';
import { shippingAddressSchema, type ShippingAddress } from '@app/shared/contracts/checkout';
import type { Order } from '@app/shared/contracts/orders';
import { Dialog } from '../../../components/ui/dialog';
import { EMPTY_SHIPPING_ADDRESS, SHIPPING_ADDRESS_FIELDS, ShippingAddressFields } from '../../../components/ui/shipping-address-fields';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { applyServerFieldErrors, toastUnlessFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { isApiError } from '../../../lib/api-client';
import { changeOrderAddress } from '../api/orders-api';

const schema = z.object({ shippingAddress: shippingAddressSchema });
type FormIn = z.input<typeof schema>;
const FIELDS = SHIPPING_ADDRESS_FIELDS.map((f) => `shippingAddress.${f}` as const);

/** Changes where an order not yet shipped goes ('order address updated'). */
export function AddressChangeDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const titleId = useId();
  const client = useQueryClient();
  const form = useForm<FormIn, unknown, { shippingAddress: ShippingAddress }>({
    resolver: zodResolver(schema),
    defaultValues: { shippingAddress: { ...EMPTY_SHIPPING_ADDRESS, ...(order.shippingAddress ?? {}) } },
  });
  const { register, control, handleSubmit, watch, setError, formState } = form;
  const country = (watch('shippingAddress.shippingCountry') || 'US').toUpperCase();

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changeOrderAddress(client, order.id, values.shippingAddress);
      notify.success({ id: 'orders.addressUpdated' });
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS) && isApiError(error) && toastUnlessFieldErrors(FIELDS)(error)) {
        notify.error(errorMessage(error));
      }
    }
  });

  return (
    <Dialog open onClose={formState.isSubmitting ? () => undefined : onClose} labelledBy={titleId} className="address-dialog">
      <form className="form-stack" onSubmit={(e) => void onSubmit(e)} noValidate>
        <h2 id={titleId} className="section-title section-title--sm">
          <FormattedMessage id="orders.changeAddress" />
        </h2>
        <ShippingAddressFields name="shippingAddress" register={register} control={control} errors={formState.errors} country={country} />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? <Spinner size="sm" /> : null} <FormattedMessage id="orders.saveAddress" />
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={formState.isSubmitting}>
            <FormattedMessage id="common.cancel" />
          </button>
        </div>
      </form>
    </Dialog>
  );
}
