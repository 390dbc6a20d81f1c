import type { TAgreementKind } from '@therapy/contract';
import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the therapist's profile screens. */
export const therapistProfileKeys = {
  genom: () => routeKey('therapistGenom'),
  education: () => routeKey('therapistEducation'),
  agreement: (kind: TAgreementKind) => routeKey('therapistAgreement', { kind }),
};
