import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { useTimeZoneLabel } from '../../../lib/time-zones.ts';
import { Alert } from '../../../ui/Alert.tsx';

/** The booked sessions a refused change would clash with, as the server named them (in the therapist's zone). */
export function ClashList({ error, tz }: { error: unknown; tz: string }) {
  const { t } = useTranslation();
  const zoneLabel = useTimeZoneLabel();
  const clashes = isApiError(error) ? (error.details?.clashes ?? []) : [];
  if (clashes.length === 0) return null;
  return (
    <Alert tone="error">
      <strong>{t('therapistSchedule.clash.title')}</strong>
      <ul>
        {clashes.map((c) => (
          <li key={c.slot_id}>
            {c.local_label} — {c.client_name}
          </li>
        ))}
      </ul>
      {t('therapistSchedule.clash.hint', { tz: zoneLabel(tz) })}
    </Alert>
  );
}

/** The top message of a failed save, unless the clash list already says it. */
export const hasClashes = (error: unknown) => isApiError(error) && (error.details?.clashes?.length ?? 0) > 0;
