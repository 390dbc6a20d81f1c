import type { TTherapistCurrent } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui/Card.tsx';
import styles from './TherapistDashboard.module.css';

/** The therapist's curator: the name, and a link to reach them when there is one. */
export function CuratorCard({ therapist }: { therapist: TTherapistCurrent }) {
  const { t } = useTranslation();
  const { curator_name: name, curator_link: link } = therapist;
  return (
    <Card title={t('therapist.curatorTitle')}>
      {name ? (
        <>
          <p className={styles.total}>{name}</p>
          {link && (
            <a className={styles.link} href={link} target="_blank" rel="noopener noreferrer">
              {t('therapist.curatorContact')}
            </a>
          )}
        </>
      ) : (
        <p className={styles.muted}>{t('therapist.curatorNone')}</p>
      )}
    </Card>
  );
}
