import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { useDeleteUserCard } from '../api/delete-user-card.ts';

/** «Удалить карту?»: the confirmation modal; purchases and passes stay as they are. */
export function DeleteCardConfirm({
  cardLast,
  close,
  onDeleted,
}: {
  cardLast: string;
  close: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteUserCard();
  return (
    <DynamicModal
      title={t('payment.deleteTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('payment.keep')}
          </Button>
          <Button
            variant="danger"
            isLoading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  onDeleted();
                  close();
                },
              })
            }
          >
            {t('payment.delete')}
          </Button>
        </>
      }
    >
      <p>{t('payment.deleteText', { last: cardLast })}</p>
      {remove.isError && <Alert tone="error">{errorMessageFrom(remove.error, t)}</Alert>}
    </DynamicModal>
  );
}
