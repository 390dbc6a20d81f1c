import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '../../../ui/States.tsx';
import { BusinessArea } from '../components/BusinessArea.tsx';

/** `/business/employees`: business and year selectors; the employee table comes in a later issue. */
export function EmployeesScreen() {
  const { t } = useTranslation();
  return <BusinessArea title={t('business.employeesTitle')}>{() => <UnderConstruction />}</BusinessArea>;
}
