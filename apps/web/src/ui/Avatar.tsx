import { initialsOf } from '../i18n/format.ts';
import { cx } from '../lib/cx.ts';
import styles from './Avatar.module.css';

/** A person's photo, or their initials on a soft circle when there is none. Decorative: the name is beside it. */
export function Avatar({
  person,
  photoUrl,
  size = 'medium',
}: {
  person: { first_name: string; last_name: string };
  photoUrl: string | null | undefined;
  size?: 'small' | 'medium' | 'large';
}) {
  const className = cx(styles.avatar, styles[size]);
  if (photoUrl) return <img className={className} src={photoUrl} alt="" loading="lazy" />;
  return (
    <span className={className} aria-hidden="true">
      {initialsOf(person)}
    </span>
  );
}
