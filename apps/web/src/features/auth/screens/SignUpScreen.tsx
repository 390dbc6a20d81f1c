import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signInPathOf } from '../../../lib/roles.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { SignUpForm } from '../components/SignUpForm.tsx';

/** `/auth/sign-up`: client sign-up. */
export function SignUpScreen() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('auth.signUpTitle')}
      lead={t('auth.signUpLead')}
      footer={
        <>
          <p>
            {t('auth.haveAccount')} <Link to={signInPathOf('client')}>{t('auth.toSignIn')}</Link>
          </p>
          <p>
            <Link to="/">{t('auth.toLanding')}</Link>
          </p>
        </>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
