import { useTranslation } from 'react-i18next';
import { useSwitchLanguage } from '../../entities/user/api/set-language.ts';
import styles from './Footer.module.css';

/** The page footer: a safety note and the language switch (Russian ⇄ English). */
export function Footer() {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'ru' : 'en';
  const switchLanguage = useSwitchLanguage(i18n);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>{t('common.footerNote')}</p>
        <button
          type="button"
          className={styles.language}
          lang={other}
          aria-label={t('common.languageSwitchLabel')}
          onClick={() => switchLanguage.mutate(other)}
        >
          {t('common.languageSwitch')}
        </button>
      </div>
    </footer>
  );
}
