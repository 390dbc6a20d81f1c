import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useEducation } from '../api/get-education.ts';
import { EducationForm } from '../components/EducationForm.tsx';

/** `/therapist/education`: degrees, courses and certificates with their documents and verification. */
export function EducationScreen() {
  const { t } = useTranslation();
  const education = useEducation();
  return (
    <Page title={t('therapistProfile.education.title')} lead={t('therapistProfile.education.lead')}>
      {education.isPending && <LoadingState />}
      {education.isError && (
        <ErrorState message={errorMessageFrom(education.error, t)} onRetry={() => void education.refetch()} />
      )}
      {education.data && <EducationForm items={education.data.education} />}
    </Page>
  );
}
