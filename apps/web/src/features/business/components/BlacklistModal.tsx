import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { useSetUsersBlacklist } from '../api/set-users-blacklist.ts';

/** Block or unblock one employee from using any promo code (spec §6). */
export function BlacklistModal({
  businessId,
  employee,
  close,
}: {
  businessId: string;
  employee: { id: string; email: string; blocked: boolean };
  close: () => void;
}) {
  const { t } = useTranslation();
  const save = useSetUsersBlacklist(businessId);
  const blocking = !employee.blocked;
  return (
    <DynamicModal
      title={t(blocking ? 'business.blockTitle' : 'business.unblockTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('business.cancel')}
          </Button>
          <Button
            variant={blocking ? 'danger' : 'primary'}
            isLoading={save.isPending}
            onClick={() => save.mutate({ employeeId: employee.id, blocked: blocking }, { onSuccess: close })}
          >
            {t(blocking ? 'business.block' : 'business.unblock')}
          </Button>
        </>
      }
    >
      <p>{t(blocking ? 'business.blockText' : 'business.unblockText', { email: employee.email })}</p>
      {save.isError && <Alert tone="error">{errorMessageFrom(save.error, t)}</Alert>}
    </DynamicModal>
  );
}
