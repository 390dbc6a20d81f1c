import { type TAgreementKind, ZAgreementKindSchema } from '@therapy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime } from '../../../i18n/format.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { CheckboxField } from '../../../ui/Field.tsx';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useAgreement } from '../api/get-agreement.ts';
import { useSignAgreement } from '../api/sign-agreement.ts';
import styles from '../components/TherapistProfile.module.css';

function AgreementView({ kind }: { kind: TAgreementKind }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const agreement = useAgreement(kind);
  const sign = useSignAgreement(kind);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);

  if (agreement.isPending) return <LoadingState />;
  if (agreement.isError) {
    return <ErrorState message={errorMessageFrom(agreement.error, t)} onRetry={() => void agreement.refetch()} />;
  }
  const document = agreement.data;
  const onSign = () => {
    if (!consent) {
      setConsentError(t('therapistProfile.agreement.consentRequired'));
      return;
    }
    sign.mutate(document.version);
  };
  return (
    <div className={styles.form}>
      {document.signed && !document.must_sign && (
        <Alert tone="success">
          {sign.isSuccess ? `${t('therapistProfile.agreement.signed')} ` : ''}
          {t('therapistProfile.agreement.signedAt', {
            version: document.signed.version,
            date: formatDateTime(document.signed.signed_at, user?.tz ?? 'Europe/Moscow'),
          })}
        </Alert>
      )}
      {document.must_sign && (
        <Alert tone="warning" live={false}>
          {t('therapistProfile.agreement.mustSign')}
        </Alert>
      )}
      <Card title={`${document.title} · ${t('therapistProfile.agreement.version', { version: document.version })}`}>
        {/* Focusable so a keyboard can scroll the text. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <div className={styles.agreementText} tabIndex={0} role="document" aria-label={document.title}>
          {document.body}
        </div>
      </Card>
      {document.must_sign ? (
        <div className={styles.fields}>
          {sign.isError && <Alert tone="error">{errorMessageFrom(sign.error, t)}</Alert>}
          <CheckboxField
            label={t('therapistProfile.agreement.consent')}
            checked={consent}
            onChange={(event) => {
              setConsent(event.target.checked);
              setConsentError(null);
            }}
            error={consentError}
          />
          <div className={styles.actions}>
            <Button onClick={onSign} isLoading={sign.isPending}>
              {sign.isPending ? t('therapistProfile.agreement.signing') : t('therapistProfile.agreement.sign')}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <ButtonLink to="/therapist" variant="secondary">
            {t('therapistProfile.agreement.back')}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

/** `/therapist/agreements/:kind`: the current version of the agreement or the contract, read and signed here. */
export function AgreementScreen() {
  const { t } = useTranslation();
  const parsed = ZAgreementKindSchema.safeParse(useParams().kind);
  if (!parsed.success) {
    return (
      <Page title={t('notFound.title')}>
        <ErrorState message={t('therapistProfile.agreement.unknown')} />
      </Page>
    );
  }
  return (
    <Page title={t(`therapistProfile.agreement.titles.${parsed.data}`)}>
      <AgreementView key={parsed.data} kind={parsed.data} />
    </Page>
  );
}
