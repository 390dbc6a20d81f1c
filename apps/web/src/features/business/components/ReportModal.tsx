import type { TReportView } from '@therapy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { YEAR_LABEL_KEY } from '../../../config/constants.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { SelectField } from '../../../ui/Field.tsx';
import { Progress } from '../../../ui/Progress.tsx';
import { useCreateEmployeesReport, useEmployeesReport } from '../api/employees-report.ts';
import styles from './BusinessTables.module.css';

/**
 * The report modal (months or quarters): the manager picks the year and view, the server builds an XLSX and a CSV
 * in the background; the modal shows its progress and then the downloads.
 */
export function ReportModal({
  businessId,
  years,
  year: initialYear,
  view: initialView,
  close,
}: {
  businessId: string;
  years: readonly number[];
  year: number;
  view: TReportView;
  close: () => void;
}) {
  const { t } = useTranslation();
  const [year, setYear] = useState(initialYear);
  const [view, setView] = useState<TReportView>(initialView);
  const create = useCreateEmployeesReport(businessId);
  const reportId = create.data?.id ?? null;
  const report = useEmployeesReport(businessId, reportId);
  const current = report.data ?? create.data;
  const title = t(view === 'quarters' ? 'business.reportQuartersTitle' : 'business.reportMonthsTitle');

  return (
    <DynamicModal
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('business.close')}
          </Button>
          {!current && (
            <Button isLoading={create.isPending} onClick={() => create.mutate({ year, view })}>
              {t('business.reportCreate')}
            </Button>
          )}
        </>
      }
    >
      {!current && (
        <div className={styles.form}>
          <SelectField
            label={t('business.yearSelect')}
            value={String(year)}
            onChange={(event) => setYear(Number(event.target.value))}
            options={years.map((y) => ({ value: String(y), label: t(YEAR_LABEL_KEY, { year: y }) }))}
          />
          <SelectField
            label={t('business.reportPeriod')}
            value={view}
            onChange={(event) => setView(event.target.value === 'quarters' ? 'quarters' : 'months')}
            options={[
              { value: 'months', label: t('business.byMonths') },
              { value: 'quarters', label: t('business.byQuarters') },
            ]}
          />
          <p>{t('business.reportHint')}</p>
        </div>
      )}
      {create.isError && <Alert tone="error">{errorMessageFrom(create.error, t)}</Alert>}
      {current && current.status !== 'done' && current.status !== 'failed' && (
        <Progress label={t('business.reportProgress')} value={current.progress} valueText={`${current.progress} %`} />
      )}
      {report.isError && <Alert tone="error">{errorMessageFrom(report.error, t)}</Alert>}
      {current?.status === 'failed' && <Alert tone="error">{t('business.reportFailed')}</Alert>}
      {current?.status === 'done' && (
        <>
          <Alert tone="success">{t('business.reportReady', { rows: current.rows_count ?? 0 })}</Alert>
          <div className={styles.modalActions}>
            {current.xlsx_url && (
              <a className={styles.download} href={current.xlsx_url} download>
                {t('business.downloadXlsx')}
              </a>
            )}
            {current.csv_url && (
              <a className={styles.download} href={current.csv_url} download>
                {t('business.downloadCsv')}
              </a>
            )}
          </div>
        </>
      )}
    </DynamicModal>
  );
}
