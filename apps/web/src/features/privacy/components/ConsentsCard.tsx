import type { TConsent } from '@therapy/contract';
import { DEFAULT_TIME_ZONE } from '@therapy/contract/rules';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/format.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useAcceptConsents, useConsents, useWithdrawConsent } from '../api/consents.ts';
import styles from './Privacy.module.css';

/** «Согласия»: each text with what the client accepted and when; an optional one can be withdrawn or given again. */
export function ConsentsCard() {
  const { t } = useTranslation();
  const consents = useConsents();
  const accept = useAcceptConsents();
  const stack = useModalStack();
  const confirmWithdraw = (consent: TConsent) =>
    stack.open(({ close }) => <WithdrawConfirm consent={consent} close={close} />);
  return (
    <Card title={t('privacy.consentsTitle')}>
      {consents.isPending && <LoadingState />}
      {consents.isError && (
        <ErrorState message={errorMessageFrom(consents.error, t)} onRetry={() => void consents.refetch()} />
      )}
      {consents.data && (
        <ul className={styles.list} aria-label={t('privacy.consentsTitle')}>
          {consents.data.consents.map((consent) => (
            <ConsentRow
              key={consent.kind}
              consent={consent}
              onWithdraw={() => confirmWithdraw(consent)}
              onGive={() => accept.mutate({ accept: [{ kind: consent.kind, version: consent.version }] })}
              giving={accept.isPending}
            />
          ))}
        </ul>
      )}
      {accept.isError && <Alert tone="error">{errorMessageFrom(accept.error, t)}</Alert>}
    </Card>
  );
}

function ConsentRow({
  consent,
  onWithdraw,
  onGive,
  giving,
}: {
  consent: TConsent;
  onWithdraw: () => void;
  onGive: () => void;
  giving: boolean;
}) {
  const { t } = useTranslation();
  const tz = useCurrentUser()?.tz ?? DEFAULT_TIME_ZONE;
  return (
    <li className={styles.consentRow}>
      <strong>{consent.title}</strong>
      <span className={styles.consentText}>{consent.text}</span>
      <span className={styles.note}>
        {consent.accepted
          ? t('privacy.acceptedAt', {
              version: consent.accepted.version,
              when: formatDateTime(consent.accepted.at, tz),
            })
          : t('privacy.notGiven')}
        {consent.required && ` · ${t('privacy.requiredForService')}`}
      </span>
      {!consent.required && (
        <div className={styles.actions}>
          {consent.accepted ? (
            <Button variant="secondary" size="small" onClick={onWithdraw}>
              {t('privacy.withdraw')}
            </Button>
          ) : (
            <Button variant="secondary" size="small" isLoading={giving} onClick={onGive}>
              {t('privacy.give')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function WithdrawConfirm({ consent, close }: { consent: TConsent; close: () => void }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawConsent();
  return (
    <DynamicModal
      title={t('privacy.withdrawTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('privacy.keep')}
          </Button>
          <Button
            variant="danger"
            isLoading={withdraw.isPending}
            onClick={() => withdraw.mutate(consent.kind, { onSuccess: close })}
          >
            {t('privacy.withdraw')}
          </Button>
        </>
      }
    >
      <p>
        <strong>{consent.title}</strong>
      </p>
      {consent.withdrawal && <p>{consent.withdrawal}</p>}
      {withdraw.isError && <Alert tone="error">{errorMessageFrom(withdraw.error, t)}</Alert>}
    </DynamicModal>
  );
}
