import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { useModalFrame } from '../../../ui/ModalStack.tsx';
import { useVideoT } from '../i18n/use-video-t.ts';
import styles from './Rating.module.css';

const GRADES = [5, 4, 3, 2, 1] as const;

/** The grade-info modal (spec §2): what each grade means; opens on top of the rating popup. */
export function GradeInfoModal() {
  const t = useVideoT();
  const { close } = useModalFrame();
  return (
    <DynamicModal title={t('rating.gradeInfoTitle')} footer={<Button onClick={close}>{t('rating.close')}</Button>}>
      <p>{t('rating.gradeInfoLead')}</p>
      <ul className={styles.grades}>
        {GRADES.map((grade) => (
          <li key={grade}>
            <span className={styles.grade}>{grade}</span>
            <span>{t(`rating.grade${grade}`)}</span>
          </li>
        ))}
      </ul>
    </DynamicModal>
  );
}
