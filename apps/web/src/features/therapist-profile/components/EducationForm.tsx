import { zodResolver } from '@hookform/resolvers/zod';
import {
  EDUCATION_MAX_ENTRIES,
  type TEducationDocument,
  type TEducationItem,
  type TEducationUpdate,
  type TEducationUpdateInput,
  ZEducationKindSchema,
  ZEducationUpdateSchema,
} from '@therapy/contract';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/cx.ts';
import { formErrorFrom, setServerErrors } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { SelectField, TextField } from '../../../ui/Field.tsx';
import { useSaveEducation } from '../api/save-education.ts';
import { useUploadEducationDocument } from '../api/upload-education-document.ts';
import styles from './TherapistProfile.module.css';

const toForm = (items: readonly TEducationItem[]): TEducationUpdateInput => ({
  education: items.map((item) => ({
    id: item.id,
    kind: item.kind,
    title: item.title,
    institution: item.institution,
    year: item.year,
    document_id: item.document?.id ?? null,
  })),
});

const documentsOf = (items: readonly TEducationItem[]) =>
  Object.fromEntries(items.flatMap((item) => (item.document ? [[item.document.id, item.document]] : [])));

/**
 * The education list: each entry's type, title, institution, year and document, with its verification state.
 * A document is uploaded on choosing it and saved with the list; every error shows beside its field (spec §8).
 */
export function EducationForm({ items }: { items: readonly TEducationItem[] }) {
  const { t } = useTranslation();
  const save = useSaveEducation();
  const upload = useUploadEducationDocument();
  const [documents, setDocuments] = useState<Record<string, TEducationDocument>>(() => documentsOf(items));
  const [uploading, setUploading] = useState<string | null>(null);
  const [verification, setVerification] = useState(() => new Map(items.map((item) => [item.id, item.verification])));
  const {
    control,
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    watch,
    reset,
    formState: { errors, isDirty },
  } = useForm<TEducationUpdateInput, unknown, TEducationUpdate>({
    resolver: zodResolver(ZEducationUpdateSchema),
    defaultValues: toForm(items),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'education', keyName: 'key' });

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        setDocuments((known) => ({ ...known, ...documentsOf(saved.education) }));
        setVerification(new Map(saved.education.map((item) => [item.id, item.verification])));
        reset(toForm(saved.education));
      },
      onError: (error) => setServerErrors(setError, error, t),
    }),
  );

  const attach = async (index: number, key: string, file: File) => {
    const field = `education.${index}.document_id` as const;
    clearErrors(field);
    setUploading(key);
    try {
      const document = await upload.mutateAsync(file);
      setDocuments((known) => ({ ...known, [document.id]: document }));
      setValue(field, document.id, { shouldDirty: true });
    } catch (error) {
      const { fields: fieldErrors, message } = formErrorFrom(error, t);
      setError(field, { type: 'server', message: fieldErrors.file ?? message ?? t('errors.generic') });
    } finally {
      setUploading(null);
    }
  };

  const kinds = ZEducationKindSchema.options.map((kind) => ({
    value: kind,
    label: t(`therapistProfile.education.kinds.${kind}`),
  }));
  const listError = errors.education?.message ?? errors.education?.root?.message;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('therapistProfile.education.title')}>
      {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
      {save.isSuccess && !isDirty && <Alert tone="success">{t('therapistProfile.education.saved')}</Alert>}
      {listError && <Alert tone="error">{listError}</Alert>}
      {fields.length === 0 && <p className={styles.muted}>{t('therapistProfile.education.empty')}</p>}
      <ol className={styles.entries}>
        {fields.map((entry, index) => {
          const entryErrors = errors.education?.[index];
          const documentId = watch(`education.${index}.document_id`);
          const document = documentId ? documents[documentId] : undefined;
          const state = entry.id ? verification.get(entry.id) : undefined;
          const fileId = `education-file-${entry.id ?? entry.key}`;
          return (
            <li key={entry.key}>
              <Card>
                <div className={styles.entryHead}>
                  <h2 className={styles.entryTitle}>{t('therapistProfile.education.entry', { number: index + 1 })}</h2>
                  {state && (
                    <span className={cx(styles.badge, styles[state])}>
                      {t(`therapistProfile.education.verification.${state}`)}
                    </span>
                  )}
                </div>
                <div className={styles.columns}>
                  <SelectField
                    {...register(`education.${index}.kind`)}
                    label={t('therapistProfile.education.kind')}
                    options={kinds}
                    error={entryErrors?.kind?.message}
                  />
                  <TextField
                    {...register(`education.${index}.year`, { valueAsNumber: true })}
                    type="number"
                    inputMode="numeric"
                    label={t('therapistProfile.education.year')}
                    error={entryErrors?.year?.message}
                  />
                </div>
                <div className={styles.fields}>
                  <TextField
                    {...register(`education.${index}.title`)}
                    label={t('therapistProfile.education.titleField')}
                    maxLength={200}
                    error={entryErrors?.title?.message}
                  />
                  <TextField
                    {...register(`education.${index}.institution`)}
                    label={t('therapistProfile.education.institution')}
                    maxLength={200}
                    error={entryErrors?.institution?.message}
                  />
                  <div>
                    <p className={styles.fields}>
                      <strong>{t('therapistProfile.education.document')}</strong>
                    </p>
                    <div className={styles.document}>
                      {document && (
                        <>
                          <a
                            href={document.url}
                            target="_blank"
                            rel="noopener noreferrer"
                            className={styles.documentName}
                          >
                            {document.name}
                          </a>
                          <Button
                            type="button"
                            variant="ghost"
                            size="small"
                            onClick={() => setValue(`education.${index}.document_id`, null, { shouldDirty: true })}
                          >
                            {t('therapistProfile.education.documentRemove')}
                          </Button>
                        </>
                      )}
                      <label className={cx(styles.fileLabel, styles.link)} htmlFor={fileId}>
                        {uploading === entry.key
                          ? t('therapistProfile.education.documentUploading')
                          : document
                            ? t('therapistProfile.education.documentReplace')
                            : t('therapistProfile.education.documentUpload')}
                      </label>
                      <input
                        id={fileId}
                        className={styles.fileInput}
                        type="file"
                        accept="application/pdf,image/jpeg,image/png,image/webp"
                        aria-describedby={`${fileId}-hint`}
                        aria-invalid={entryErrors?.document_id ? true : undefined}
                        disabled={uploading !== null}
                        onChange={(event) => {
                          const file = event.target.files?.[0];
                          if (file) void attach(index, entry.key, file);
                          event.target.value = '';
                        }}
                      />
                    </div>
                    <p id={`${fileId}-hint`} className={styles.muted}>
                      {t('therapistProfile.education.documentHint')}
                    </p>
                    {entryErrors?.document_id?.message && (
                      <p className={styles.error} role="alert">
                        {entryErrors.document_id.message}
                      </p>
                    )}
                  </div>
                  <div className={styles.actions}>
                    <Button type="button" variant="ghost" size="small" onClick={() => remove(index)}>
                      {t('therapistProfile.education.remove')}
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          );
        })}
      </ol>
      <div className={styles.saveBar}>
        <Button
          type="button"
          variant="secondary"
          disabled={fields.length >= EDUCATION_MAX_ENTRIES}
          onClick={() =>
            append({ kind: 'degree', title: '', institution: '', year: new Date().getFullYear(), document_id: null })
          }
        >
          {t('therapistProfile.education.add')}
        </Button>
        <Button type="submit" isLoading={save.isPending} disabled={!isDirty || uploading !== null}>
          {save.isPending ? t('therapistProfile.education.saving') : t('therapistProfile.education.save')}
        </Button>
      </div>
    </form>
  );
}
