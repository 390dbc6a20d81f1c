import type { TCurrency } from '@therapy/contract';
import { CURRENCIES, PAYMENT_METHOD_OF_CURRENCY } from '@therapy/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetCurrency } from '../../../entities/payment-method/api/set-currency.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useUserCard } from '../api/get-user-card.ts';
import { DeleteCardConfirm } from '../components/DeleteCardConfirm.tsx';
import styles from '../components/Payment.module.css';

/** `/lk/payment`: the client (spec §3): the saved card (delete behind a confirmation) and the currency they pay in. */
export function PaymentScreen() {
  const { t } = useTranslation();
  const client = useUserCard();
  const card = client.data?.payment_info;
  const setCurrency = useSetCurrency();
  const stack = useModalStack();
  const [deleted, setDeleted] = useState(false);

  const confirmDelete = (cardLast: string): void => {
    stack.open(({ close }) => (
      <DeleteCardConfirm cardLast={cardLast} close={close} onDeleted={() => setDeleted(true)} />
    ));
  };

  return (
    <Page title={t('nav.client.payment')}>
      <div className={styles.grid}>
        <Card title={t('payment.cardTitle')}>
          {client.isPending && <LoadingState />}
          {client.isError && (
            <ErrorState message={errorMessageFrom(client.error, t)} onRetry={() => void client.refetch()} />
          )}
          {deleted && <Alert tone="success">{t('payment.deleted')}</Alert>}
          {card?.card_last ? (
            <>
              <div className={styles.card}>
                <span className={styles.cardIcon} aria-hidden="true" />
                <div>
                  <p className={styles.cardMethod}>
                    {card.payment_method_key ? t(`checkout.method.${card.payment_method_key}`) : t('payment.card')}
                  </p>
                  <p className={styles.cardNumber}>
                    <span className="visually-hidden">{t('payment.endsWith')} </span>
                    <span aria-hidden="true">•••• </span>
                    {card.card_last}
                  </p>
                </div>
              </div>
              <p className={styles.note}>{t('payment.cardNote')}</p>
              <div>
                <Button variant="secondary" onClick={() => confirmDelete(card.card_last ?? '')}>
                  {t('payment.deleteCard')}
                </Button>
              </div>
            </>
          ) : (
            client.isSuccess && <p className={styles.note}>{t('payment.noCard')}</p>
          )}
        </Card>
        <Card title={t('payment.currencyTitle')}>
          {client.isPending && <LoadingState />}
          {client.isError && (
            <ErrorState message={errorMessageFrom(client.error, t)} onRetry={() => void client.refetch()} />
          )}
          {client.data && (
            <ChoiceGroup
              name="currency"
              legend={t('payment.currencyLegend')}
              legendHidden
              look="rows"
              value={setCurrency.isPending ? (setCurrency.variables ?? client.data.currency) : client.data.currency}
              disabled={setCurrency.isPending}
              choices={CURRENCIES.map((currency) => ({
                value: currency,
                label: t(`payment.currencyName.${currency}`),
                description: t(`checkout.method.${PAYMENT_METHOD_OF_CURRENCY[currency]}`),
              }))}
              onChange={(currency) => setCurrency.mutate(currency as TCurrency)}
            />
          )}
          {setCurrency.isError && <Alert tone="error">{errorMessageFrom(setCurrency.error, t)}</Alert>}
          {setCurrency.isSuccess && (
            <Alert tone="success">
              {t('payment.currencySaved', { currency: t(`client.currency.${setCurrency.data.currency}`) })}
            </Alert>
          )}
          <p className={styles.note}>{t('payment.currencyNote')}</p>
        </Card>
      </div>
    </Page>
  );
}
