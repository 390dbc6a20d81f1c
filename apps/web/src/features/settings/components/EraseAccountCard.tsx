import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { EraseAccountModal } from './EraseAccountModal.tsx';
import styles from './Settings.module.css';

/** «Удаление аккаунта» on the client's settings: what it means in a line, and the button that asks first. */
export function EraseAccountCard() {
  const { t } = useTranslation();
  const stack = useModalStack();
  return (
    <Card title={t('settings.eraseTitle')}>
      <p className={styles.note}>{t('settings.eraseLead')}</p>
      <div>
        <Button variant="danger" onClick={() => stack.open(({ close }) => <EraseAccountModal close={close} />)}>
          {t('settings.eraseOpen')}
        </Button>
      </div>
    </Card>
  );
}
