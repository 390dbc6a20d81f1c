import type { TRole } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SIGN_UP_PATH } from '../../../lib/roles.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { SignInForm } from '../components/SignInForm.tsx';

/** `/auth/sign-in`, `/therapist/auth/sign-in`, `/business/auth/sign-in`: one screen, titled per role. */
export function SignInScreen({ forRole: role }: { forRole: TRole }) {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t(`auth.signInTitle.${role}`)}
      lead={t(`auth.signInLead.${role}`)}
      footer={
        <>
          {role === 'client' && (
            <p>
              {t('auth.noAccount')} <Link to={SIGN_UP_PATH}>{t('auth.toSignUp')}</Link>
            </p>
          )}
          <p>
            <Link to="/">{t('auth.toLanding')}</Link>
          </p>
        </>
      }
    >
      <SignInForm forRole={role} />
    </AuthCard>
  );
}
