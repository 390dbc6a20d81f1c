import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to '<page> — <product>' while the page is shown. */
export function useDocumentTitle(pageTitle: string | null | undefined): void {
  const { t } = useTranslation();
  const product = t('common.productName');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} — ${product}` : product;
  }, [pageTitle, product]);
}
