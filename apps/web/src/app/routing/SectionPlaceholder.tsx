import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page.tsx';
import { UnderConstruction } from '../../ui/States.tsx';

/** A section of a role's area that is not built yet: its name, and «Раздел в разработке». */
export function SectionPlaceholder({ title }: { title: ParseKeys }) {
  const { t } = useTranslation();
  return (
    <Page title={t(title)}>
      <UnderConstruction />
    </Page>
  );
}
