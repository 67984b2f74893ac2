import { Suspense, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SavedCardInfo } from '@app/shared/contracts/payments';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { addCard, deleteCard, makeDefaultCard, setAutoFlag, usePaymentGateways, useSavedCards, type AutoFlag } from '../api/saved-cards-api';
import { StripeCardForm } from '../lazy';
import { SandboxCardForm } from '../sandbox/sandbox-card-form';
import './saved-cards.css';

const FLAGS: { flag: AutoFlag; key: 'autoRenew' | 'autoExtend' | 'autoTopUp'; id: string }[] = [
  { flag: 'auto_renew', key: 'autoRenew', id: 'cards.autoRenew' },
  { flag: 'auto_extend', key: 'autoExtend', id: 'cards.autoExtend' },
  { flag: 'auto_top-up', key: 'autoTopUp', id: 'cards.autoTopUp' },
];

/** Why a card could not be saved, in the customer's words (by code or the gateway's reason). */
function addFailureId(error: unknown): string {
  if (!isApiError(error)) return 'payment.failure.unknown';
  const reason = (error.body as { reason?: unknown } | undefined)?.reason;
  if (typeof reason === 'string' && ['card_declined', 'expired_card', 'insufficient_funds'].includes(reason)) return `payment.failure.${reason}`;
  if (error.code === 'CARD_EXPIRED') return 'payment.failure.expired_card';
  if (error.code === 'PAYMENT_DECLINED') return 'payment.failure.card_declined';
  if (error.kind === 'network') return 'payment.failure.NETWORK';
  return 'payment.failure.unknown';
}

/**
 * The Payment tab's saved cards: add one through the card component (the number stays in the
 * browser; we store the gateway's token), delete after confirming, choose the default and which
 * card pays automatic renewals, extensions and top-ups.
 */
export function SavedCards() {
  const intl = useIntl();
  const client = useQueryClient();
  const cards = useSavedCards();
  const gateways = usePaymentGateways();
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SavedCardInfo | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const addTitleId = useId();
  // Cards are saved through the card component of the gateway that keeps them: Stripe (Elements) where
  // it is enabled, else the offline sandbox. The number stays in the browser either way.
  const stripe = gateways.data?.gateways.find((g) => g.id === 'stripe' && g.savesCards && g.publicSettings.publishableKey);
  const vault: 'stripe' | 'sandbox' | null = stripe ? 'stripe' : gateways.data?.gateways.some((g) => g.id === 'sandbox' && g.savesCards) ? 'sandbox' : null;
  const canAdd = vault !== null;

  async function onToken(token: string) {
    setSaving(true);
    setAddError(null);
    try {
      await addCard(client, token, (cards.data?.length ?? 0) === 0, vault ?? 'sandbox');
      notify.success({ id: 'cards.added' });
      setAdding(false);
    } catch (error) {
      setAddError(addFailureId(error));
    } finally {
      setSaving(false);
    }
  }

  async function run(id: string, action: () => Promise<void>, successId?: string, values?: Record<string, string>) {
    setBusyId(id);
    try {
      await action();
      if (successId) notify.success({ id: successId, values });
    } catch {
      // The API client has shown why.
    } finally {
      setBusyId(null);
    }
  }

  const list = cards.data ?? [];
  return (
    <section className="profile-section saved-cards" aria-labelledby="payment-cards-title" aria-busy={cards.isPending || undefined}>
      <div className="saved-cards__head">
        <h3 id="payment-cards-title" className="profile-section__title">
          <FormattedMessage id="profile.payment.cards" />
        </h3>
        {canAdd ? (
          <button type="button" className="btn btn--outline btn--sm" onClick={() => { setAddError(null); setAdding(true); }}>
            <FormattedMessage id="cards.add" />
          </button>
        ) : null}
      </div>
      {cards.isPending ? (
        <Skeleton lines={3} />
      ) : cards.isError ? (
        <div className="notice notice--warning" role="alert">
          <p>
            <FormattedMessage id="dashboard.loadFailed" />
          </p>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void cards.refetch()}>
            <FormattedMessage id="dashboard.retry" />
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="profile-empty" data-testid="cards-empty">
          <FormattedMessage id={canAdd ? 'cards.empty' : 'cards.emptyNoGateway'} />
        </p>
      ) : (
        <ul className="saved-cards__list">
          {list.map((card) => {
            const name = intl.formatMessage({ id: 'cards.cardName' }, { brand: card.brand.toUpperCase(), last4: card.last4 });
            return (
              <li key={card.id} className="saved-card" data-testid="saved-card" aria-busy={busyId === card.id || undefined}>
                <div className="saved-card__main">
                  <p className="saved-card__name">
                    <strong>{name}</strong>{' '}
                    {card.isDefault ? (
                      <span className="badge badge--success">
                        <FormattedMessage id="cards.default" />
                      </span>
                    ) : null}{' '}
                    {card.isExpired ? (
                      <span className="badge badge--danger">
                        <FormattedMessage id="cards.expired" />
                      </span>
                    ) : null}
                  </p>
                  <p className="muted">
                    <FormattedMessage
                      id="cards.expires"
                      values={{ date: `${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}` }}
                    />
                    {card.nameOnCard ? ` · ${card.nameOnCard}` : ''}
                  </p>
                  <fieldset className="saved-card__flags">
                    <legend className="visually-hidden">
                      <FormattedMessage id="cards.flagsFor" values={{ card: name }} />
                    </legend>
                    {FLAGS.map(({ flag, key, id }) => (
                      <label key={flag} className="saved-card__flag">
                        <input
                          type="checkbox"
                          checked={card[key]}
                          disabled={busyId === card.id || card.isExpired}
                          onChange={(e) => {
                            const enable = e.target.checked;
                            void run(card.id, () => setAutoFlag(client, flag, card.id, enable), enable ? 'cards.flagOn' : 'cards.flagOff', {
                              what: intl.formatMessage({ id }),
                            });
                          }}
                        />{' '}
                        <FormattedMessage id={id} />
                      </label>
                    ))}
                  </fieldset>
                </div>
                <div className="saved-card__actions">
                  {!card.isDefault && !card.isExpired ? (
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      disabled={busyId === card.id}
                      onClick={() => void run(card.id, () => makeDefaultCard(client, card.id), 'cards.defaultSet')}
                    >
                      <FormattedMessage id="cards.makeDefault" />
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    aria-label={intl.formatMessage({ id: 'cards.deleteLabel' }, { card: name })}
                    disabled={busyId === card.id}
                    onClick={() => setRemoving(card)}
                  >
                    <FormattedMessage id="cards.delete" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Dialog open={adding} onClose={saving ? () => undefined : () => setAdding(false)} labelledBy={addTitleId} className="add-card-dialog">
        <h2 id={addTitleId} className="section-title section-title--sm">
          <FormattedMessage id="cards.addTitle" />
        </h2>
        {addError ? (
          <p className="notice notice--warning" role="alert" data-testid="add-card-error">
            <FormattedMessage id={addError} />
          </p>
        ) : null}
        {vault === 'stripe' && stripe ? (
          <Suspense fallback={<Skeleton lines={3} />}>
            <StripeCardForm publishableKey={stripe.publicSettings.publishableKey!} submitLabel={intl.formatMessage({ id: 'cards.save' })} disabled={saving} onToken={onToken} />
            <button type="button" className="btn btn--ghost" disabled={saving} onClick={() => setAdding(false)}>
              <FormattedMessage id="common.cancel" />
            </button>
          </Suspense>
        ) : (
          <SandboxCardForm busy={saving} submitLabel={<FormattedMessage id="cards.save" />} onToken={onToken} onCancel={() => setAdding(false)} />
        )}
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        danger
        busy={removing !== null && busyId === removing.id}
        title={<FormattedMessage id="cards.deleteTitle" />}
        confirmLabel={<FormattedMessage id="cards.delete" />}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const card = removing;
          if (!card) return;
          void run(card.id, () => deleteCard(client, card.id), 'cards.deleted').then(() => setRemoving(null));
        }}
      >
        <p>
          {removing ? (
            <FormattedMessage
              id={removing.autoRenew || removing.autoExtend || removing.autoTopUp ? 'cards.deleteTextAuto' : 'cards.deleteText'}
              values={{ card: intl.formatMessage({ id: 'cards.cardName' }, { brand: removing.brand.toUpperCase(), last4: removing.last4 }) }}
            />
          ) : null}
        </p>
      </ConfirmDialog>
    </section>
  );
}
