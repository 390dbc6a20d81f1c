import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE_SIGN_IN, SIGN_UP_PATH } from '../../lib/roles.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import styles from './LandingScreen.module.css';

const FEATURES = ['matching', 'video', 'passes', 'privacy'] as const;

const FEATURE_ICONS: Record<(typeof FEATURES)[number], string> = {
  matching: 'M11 4a7 7 0 1 0 4.2 12.6L20 21.4 21.4 20l-4.8-4.8A7 7 0 0 0 11 4zm0 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10z',
  video: 'M3 6h12a2 2 0 0 1 2 2v1.5l4-2.5v10l-4-2.5V16a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z',
  passes: 'M4 5h16a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4V7a2 2 0 0 1 2-2z',
  privacy: 'M12 2 4 5v6c0 5 3.4 9.5 8 11 4.6-1.5 8-6 8-11V5l-8-3zm-1 13-3.5-3.5 1.4-1.4 2.1 2.1 4.6-4.6 1.4 1.4L11 15z',
};

/** `/`: what the product is, and the ways in. */
export function LandingScreen() {
  const { t } = useTranslation();
  useDocumentTitle(null);
  return (
    <div className={styles.landing}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={styles.heroText}>
          <h1 id="landing-title">{t('landing.title')}</h1>
          <p className={styles.lead}>{t('landing.lead')}</p>
          <div className={styles.actions}>
            <ButtonLink to={ROLE_SIGN_IN.client}>{t('landing.signIn')}</ButtonLink>
            <ButtonLink to={SIGN_UP_PATH} variant="secondary">
              {t('landing.signUp')}
            </ButtonLink>
          </div>
          <nav aria-label={t('landing.otherEntrances')}>
            <ul className={styles.entrances}>
              <li>
                <Link to={ROLE_SIGN_IN.therapist}>{t('landing.forTherapists')}</Link>
              </li>
              <li>
                <Link to={ROLE_SIGN_IN.business_account}>{t('landing.forBusiness')}</Link>
              </li>
            </ul>
          </nav>
        </div>
        <div className={styles.art} aria-hidden="true">
          <svg viewBox="0 0 400 400" aria-hidden="true">
            <circle cx="200" cy="200" r="180" fill="#e2efeb" />
            <circle cx="200" cy="200" r="128" fill="#cfe5de" />
            <rect x="92" y="120" width="216" height="150" rx="18" fill="#ffffff" />
            <rect x="108" y="136" width="88" height="104" rx="10" fill="#9cc8bc" />
            <rect x="204" y="136" width="88" height="104" rx="10" fill="#2b6f62" />
            <circle cx="152" cy="176" r="18" fill="#ffffff" />
            <path d="M124 232c4-22 18-32 28-32s24 10 28 32z" fill="#ffffff" />
            <circle cx="248" cy="176" r="18" fill="#e2efeb" />
            <path d="M220 232c4-22 18-32 28-32s24 10 28 32z" fill="#e2efeb" />
            <rect x="170" y="250" width="60" height="8" rx="4" fill="#cfe5de" />
            <path d="M200 318s-26-15-26-33a14 14 0 0 1 26-7 14 14 0 0 1 26 7c0 18-26 33-26 33z" fill="#2b6f62" />
          </svg>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="landing-features">
        <h2 id="landing-features">{t('landing.featuresTitle')}</h2>
        <ul className={styles.features}>
          {FEATURES.map((feature) => (
            <li key={feature} className={styles.feature}>
              <span className={styles.featureIcon} aria-hidden="true">
                <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                  <path d={FEATURE_ICONS[feature]} />
                </svg>
              </span>
              <h3>{t(`landing.features.${feature}.title`)}</h3>
              <p>{t(`landing.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.business} aria-labelledby="landing-business">
        <div className={styles.businessText}>
          <h2 id="landing-business">{t('landing.businessTitle')}</h2>
          <p>{t('landing.businessText')}</p>
        </div>
        <ButtonLink to={ROLE_SIGN_IN.business_account} variant="secondary">
          {t('landing.forBusiness')}
        </ButtonLink>
      </section>
    </div>
  );
}
