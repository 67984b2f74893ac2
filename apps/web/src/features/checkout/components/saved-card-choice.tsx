import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SavedCardInfo } from '@app/shared/contracts/payments';
import { Spinner } from '../../../components/ui/spinner';

/**
 * The subscriber's saved cards of the chosen gateway, and "a new card", as one radio group. Only the
 * gateway's reference to a card is on our server; the card itself stays at the gateway.
 */
export function SavedCardChoice({
  cards,
  chosenId,
  disabled,
  onChoose,
}: {
  cards: SavedCardInfo[];
  /** The chosen card's id, or null for a new card. */
  chosenId: string | null;
  disabled: boolean;
  onChoose: (id: string | 'new') => void;
}) {
  if (cards.length === 0) return null;
  return (
    <fieldset className="saved-card-choice">
      <legend className="field-label">
        <FormattedMessage id="payment.savedCards" />
      </legend>
      {cards.map((c) => (
        <label key={c.id} className="choice-card">
          <input type="radio" name="cardChoice" checked={chosenId === c.id} disabled={disabled} onChange={() => onChoose(c.id)} />
          <span className="choice-card__text">
            <strong>
              <FormattedMessage id="cards.cardName" values={{ brand: c.brand.toUpperCase(), last4: c.last4 }} />
            </strong>
            <span className="muted">
              <FormattedMessage id="cards.expires" values={{ date: `${String(c.expiryMonth).padStart(2, '0')}/${c.expiryYear}` }} />
            </span>
          </span>
        </label>
      ))}
      <label className="choice-card">
        <input type="radio" name="cardChoice" checked={chosenId === null} disabled={disabled} onChange={() => onChoose('new')} />
        <span className="choice-card__text">
          <strong>
            <FormattedMessage id="payment.newCard" />
          </strong>
        </span>
      </label>
    </fieldset>
  );
}

/** Pay with the chosen saved card. */
export function SavedCardPayButton({ paying, label, onPay }: { paying: boolean; label: ReactNode; onPay: () => void }) {
  return (
    <div className="form-actions">
      <button type="button" className="btn btn--primary btn--lg" disabled={paying} onClick={onPay}>
        {paying ? (
          <>
            <Spinner size="sm" /> <FormattedMessage id="payment.processing" />
          </>
        ) : (
          label
        )}
      </button>
    </div>
  );
}
