import type { TRouteDef } from '../route-def.ts';
import {
  ZAgreementParamsSchema,
  ZAgreementSchema,
  ZAgreementSignSchema,
  ZAvatarResponseSchema,
  ZEducationDocumentSchema,
  ZEducationResponseSchema,
  ZEducationUpdateSchema,
  ZGenomAlertSchema,
  ZGenomResponseSchema,
  ZGenomUpdateSchema,
  ZTherapistProfileSchema,
  ZTherapistProfileUpdateSchema,
} from '../therapist-profile.ts';

/** The therapist's own profile: genom and its alert, education, avatar and links, agreement and contract. */
export const therapistProfileRoutes = {
  therapistGenom: {
    method: 'GET',
    path: '/api/v1/therapist/settings/genom',
    summary: 'The therapist genom with its counters per group, [filled, total]',
    roles: ['therapist'],
    response: ZGenomResponseSchema,
  },
  therapistGenomSave: {
    method: 'PUT',
    path: '/api/v1/therapist/settings/genom',
    summary:
      'Save the whole genom (the spec shows only its GET; the save is a PUT on the same path). Answers are checked against the taxonomies; matching reads the saved genom at once',
    roles: ['therapist'],
    body: ZGenomUpdateSchema,
    response: ZGenomResponseSchema,
  },
  therapistGenomAlert: {
    method: 'GET',
    path: '/api/v1/therapist/settings/genom_alert',
    summary:
      'Whether the genom-alert notice shows: the genom is incomplete and the notice was not dismissed in 30 days',
    roles: ['therapist'],
    response: ZGenomAlertSchema,
  },
  therapistGenomAlertDismiss: {
    method: 'DELETE',
    path: '/api/v1/therapist/settings/genom_alert',
    summary: 'Dismiss the genom-alert notice for 30 days; answers the flag afterwards (success: false)',
    roles: ['therapist'],
    response: ZGenomAlertSchema,
  },
  therapistEducation: {
    method: 'GET',
    path: '/api/v1/therapist/settings/education',
    summary: 'The education list with documents and verification states',
    roles: ['therapist'],
    response: ZEducationResponseSchema,
  },
  therapistEducationSave: {
    method: 'POST',
    path: '/api/v1/therapist/settings/education',
    summary:
      'Replace the education list: degrees, courses and certificates; an entry that changed goes back to pending verification',
    roles: ['therapist'],
    body: ZEducationUpdateSchema,
    response: ZEducationResponseSchema,
  },
  therapistEducationDocumentUpload: {
    method: 'POST',
    path: '/api/v1/therapist/settings/education/documents',
    summary:
      'Upload one education document (multipart field "file": PDF, JPEG, PNG or WebP up to 5 MB); reference its id from an education entry',
    roles: ['therapist'],
    bodyTypes: ['multipart'],
    response: ZEducationDocumentSchema,
  },
  therapistAvatarUpload: {
    method: 'POST',
    path: '/api/v1/therapist/settings/avatar',
    summary:
      'Upload a photo (multipart field "file": JPEG, PNG or WebP up to 8 MB); the server makes both avatar sizes',
    roles: ['therapist'],
    bodyTypes: ['multipart'],
    response: ZAvatarResponseSchema,
  },
  therapistProfileSave: {
    method: 'PUT',
    path: '/api/v1/therapist/settings/profile',
    summary: 'Save sex, the video profile link and the VideoAsk link',
    roles: ['therapist'],
    body: ZTherapistProfileUpdateSchema,
    response: ZTherapistProfileSchema,
  },
  therapistAgreement: {
    method: 'GET',
    path: '/api/v1/therapist/agreements/:kind',
    summary:
      'The current version of the agreement or the free-sessions contract, and whether the therapist must sign it',
    roles: ['therapist'],
    params: ZAgreementParamsSchema,
    response: ZAgreementSchema,
  },
  therapistAgreementSign: {
    method: 'POST',
    path: '/api/v1/therapist/agreements/:kind/sign',
    summary:
      'Sign the version read: the signature keeps the version, its text hash, the time and the address; the must_sign flag clears. An older version answers 409',
    errors: ['conflict'],
    roles: ['therapist'],
    params: ZAgreementParamsSchema,
    body: ZAgreementSignSchema,
    response: ZAgreementSchema,
  },
} as const satisfies Record<string, TRouteDef>;

/** Served as files, not JSON: an uploaded education document (its therapist only) and avatars (public). */
export const THERAPIST_FILE_PATHS = {
  educationDocument: '/api/v1/therapist/settings/education/documents/:id',
  avatar: '/files/avatars/:name',
} as const;
