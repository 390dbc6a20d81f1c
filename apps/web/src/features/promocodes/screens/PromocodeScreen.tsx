import { useTranslation } from 'react-i18next';
import { useUserPromocode } from '../../../entities/promocode/api/get-user-promocode.ts';
import { PromocodeForm } from '../../../entities/promocode/components/PromocodeForm.tsx';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Card } from '../../../ui/Card.tsx';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import styles from '../components/Promocode.module.css';

/** `/lk/promocode`: the code in force with its description, and a form to apply one. */
export function PromocodeScreen() {
  const { t } = useTranslation();
  const promocode = useUserPromocode();
  const active = promocode.data?.active ? promocode.data : null;

  return (
    <Page title={t('promocode.title')} lead={t('promocode.lead')}>
      {promocode.isPending && <LoadingState />}
      {promocode.isError && (
        <ErrorState message={errorMessageFrom(promocode.error, t)} onRetry={() => void promocode.refetch()} />
      )}
      {promocode.isSuccess && (
        <Card title={active ? t('promocode.activeTitle') : t('promocode.noneTitle')}>
          {active ? (
            <div className={styles.active}>
              {active.code && <p className={styles.code}>{active.code}</p>}
              {active.description && <p>{active.description}</p>}
            </div>
          ) : (
            <p>{t('promocode.noneText')}</p>
          )}
          <PromocodeForm label={active ? t('promocode.replaceTitle') : undefined} />
        </Card>
      )}
    </Page>
  );
}
