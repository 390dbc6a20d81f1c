/** Minutes from local midnight ↔ 'HH:MM'. An end of '00:00' means midnight at the end of the day (24:00). */
export const toHhmm = (minute: number): string =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export function fromHhmm(value: string, isEnd = false): number {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  const minute = hours * 60 + minutes;
  return isEnd && minute === 0 ? 1440 : minute;
}

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
