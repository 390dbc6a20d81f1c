import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '../../../ui/States.tsx';
import { BusinessArea } from '../components/BusinessArea.tsx';

/** `/business/stats`: business and year selectors; the statistics table comes in a later issue. */
export function StatsScreen() {
  const { t } = useTranslation();
  return <BusinessArea title={t('business.statsTitle')}>{() => <UnderConstruction />}</BusinessArea>;
}
