import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type TButtonVariant } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { LoadingState } from '../../../ui/States.tsx';
import styles from './Settings.module.css';

// Loaded on first use: the consent gate offers the button on every client page, and the dialog's
// form (react-hook-form with the contract's zod schema) should not weigh on those pages' first load.
const EraseAccountModal = lazy(() =>
  import('./EraseAccountModal.tsx').then((module) => ({ default: module.EraseAccountModal })),
);

/** «Удалить аккаунт»: opens the dialog that says what follows and asks for the password. */
export function EraseAccountButton({ variant = 'danger' }: { variant?: TButtonVariant }) {
  const { t } = useTranslation();
  const stack = useModalStack();
  return (
    <Button
      variant={variant}
      onClick={() =>
        stack.open(({ close }) => (
          <Suspense fallback={<LoadingState />}>
            <EraseAccountModal close={close} />
          </Suspense>
        ))
      }
    >
      {t('settings.eraseOpen')}
    </Button>
  );
}

/** «Удаление аккаунта» on the client's settings: what it means in a line, and the button that asks first. */
export function EraseAccountCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.eraseTitle')}>
      <p className={styles.note}>{t('settings.eraseLead')}</p>
      <div>
        <EraseAccountButton />
      </div>
    </Card>
  );
}
