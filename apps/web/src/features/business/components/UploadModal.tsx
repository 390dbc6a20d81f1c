import type { TAddEmployeesResponse } from '@therapy/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { useAddEmployees } from '../api/add-employees.ts';
import styles from './BusinessTables.module.css';

function Results({ result }: { result: TAddEmployeesResponse }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert tone={result.refused.length ? 'warning' : 'success'}>
        {t('business.uploadSummary', { accepted: result.accepted.length, refused: result.refused.length })}
      </Alert>
      <ul className={styles.results} aria-label={t('business.uploadResults')}>
        {result.accepted.map((row) => (
          <li key={`ok-${row.row}`}>{t('business.uploadAccepted', { row: row.row, email: row.email })}</li>
        ))}
        {result.refused.map((row) => (
          <li key={`no-${row.row}`} className={styles.refused}>
            {t('business.uploadRefused', { row: row.row, email: row.email || '—', reason: row.reason })}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Add one employee by e-mail, or upload an XLSX or CSV of many; the answer lists every row. */
export function UploadModal({ businessId, close }: { businessId: string; close: () => void }) {
  const { t } = useTranslation();
  const add = useAddEmployees(businessId);
  const [email, setEmail] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) add.mutate({ email: email.trim() });
  };
  const submitFile = (event: FormEvent) => {
    event.preventDefault();
    if (file) add.mutate({ file });
  };
  return (
    <DynamicModal
      title={t('business.uploadTitle')}
      footer={
        <Button variant="secondary" onClick={close}>
          {t('business.close')}
        </Button>
      }
    >
      <form className={styles.form} onSubmit={submitEmail}>
        <TextField
          label={t('business.uploadEmail')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="off"
        />
        <div>
          <Button type="submit" variant="secondary" isLoading={add.isPending && 'email' in (add.variables ?? {})}>
            {t('business.uploadAddOne')}
          </Button>
        </div>
      </form>
      <form className={styles.form} onSubmit={submitFile}>
        <TextField
          label={t('business.uploadFile')}
          hint={t('business.uploadFileHint')}
          type="file"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <div>
          <Button type="submit" disabled={!file} isLoading={add.isPending && 'file' in (add.variables ?? {})}>
            {t('business.uploadSend')}
          </Button>
        </div>
      </form>
      {add.isError && <Alert tone="error">{errorMessageFrom(add.error, t)}</Alert>}
      {add.data && <Results result={add.data} />}
    </DynamicModal>
  );
}
