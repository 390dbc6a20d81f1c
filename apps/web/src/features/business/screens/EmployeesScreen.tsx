import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TABLE_META } from '../../../config/constants.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useCurrentBusinessAccount } from '../api/get-current-business-account.ts';
import { useEmployees } from '../api/get-employees.ts';
import { BlacklistModal } from '../components/BlacklistModal.tsx';
import { BusinessArea } from '../components/BusinessArea.tsx';
import styles from '../components/BusinessTables.module.css';
import { EmployeesTable } from '../components/EmployeesTable.tsx';
import { LastUpdate } from '../components/LastUpdate.tsx';
import { ReportModal } from '../components/ReportModal.tsx';
import { UploadModal } from '../components/UploadModal.tsx';
import { ViewSwitch } from '../components/ViewSwitch.tsx';
import type { TBusinessChoice } from '../hooks/use-business-choice.ts';
import { useEmployeesParams } from '../hooks/use-employees-params.ts';
import { useViewParam } from '../hooks/use-view-param.ts';
import { employeeTableFlags } from '../lib/tables.ts';

const SEARCH_DELAY_MS = 300;

function Employees({ choice }: { choice: TBusinessChoice }) {
  const { t } = useTranslation();
  const params = useEmployeesParams();
  const [view, setView] = useViewParam();
  const [typed, setTyped] = useState(params.search);
  const stack = useModalStack();
  const account = useCurrentBusinessAccount();
  const businessId = choice.business.id;
  const employees = useEmployees(businessId, {
    year: choice.year,
    email_cont: params.search,
    page: params.page,
    ...(params.sortField ? { sort_field: params.sortField } : {}),
    ...(params.sortDirection ? { sort_direction: params.sortDirection } : {}),
  });

  // The search runs once typing pauses, and starts again from the first page.
  const { search, setSearch } = params;
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => setSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search, setSearch]);

  const data = employees.data;
  const meta = data?.meta ?? {
    current_page: DEFAULT_TABLE_META.page,
    total_count: DEFAULT_TABLE_META.total,
    total_pages: 1,
  };
  const flags = employeeTableFlags({
    isFetching: employees.isFetching,
    rowsCount: data?.rows.length ?? 0,
    search: params.search,
  });
  const emptyMessage = flags.isNotFound
    ? t('business.notFound', { search: params.search })
    : flags.isTableEmpty
      ? t('business.tableEmpty')
      : t('business.loading');

  return (
    <>
      <div className={styles.toolbar}>
        <TextField
          label={t('business.search')}
          type="search"
          value={typed}
          placeholder="name@company.ru"
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => stack.open(({ close }) => <UploadModal businessId={businessId} close={close} />)}
          >
            {t('business.addEmployees')}
          </Button>
          {(['months', 'quarters'] as const).map((reportView) => (
            <Button
              key={reportView}
              variant="secondary"
              onClick={() =>
                stack.open(({ close }) => (
                  <ReportModal
                    businessId={businessId}
                    years={choice.years}
                    year={choice.year}
                    view={reportView}
                    close={close}
                  />
                ))
              }
            >
              {t(reportView === 'months' ? 'business.reportMonths' : 'business.reportQuarters')}
            </Button>
          ))}
        </div>
      </div>
      <div className={styles.toolbar}>
        <LastUpdate at={data?.last_page_updated_at ?? null} timeZone={account.data?.tz ?? 'Europe/Moscow'} />
        <ViewSwitch view={view} onChange={setView} />
      </div>
      <p className={styles.status} role="status">
        {flags.isFetching ? t('business.loading') : ''}
      </p>
      {employees.isPending && <LoadingState />}
      {employees.isError && !data && (
        <ErrorState message={errorMessageFrom(employees.error, t)} onRetry={() => void employees.refetch()} />
      )}
      {employees.isError && data && <Alert tone="error">{errorMessageFrom(employees.error, t)}</Alert>}
      {data && (
        <>
          <EmployeesTable
            data={data}
            view={view}
            empty={emptyMessage}
            onSort={params.setSort}
            onBlacklist={(row) =>
              stack.open(({ close }) => (
                <BlacklistModal
                  businessId={businessId}
                  employee={{ id: row.id, email: String(row.cells[0]?.value ?? ''), blocked: row.promocodes_blocked }}
                  close={close}
                />
              ))
            }
          />
          <nav className={styles.pager} aria-label={t('business.pages')}>
            <span>
              {t('business.pageOf', { page: meta.current_page, pages: meta.total_pages, total: meta.total_count })}
            </span>
            <span className={styles.actions}>
              <Button
                size="small"
                variant="secondary"
                disabled={meta.current_page <= 1}
                onClick={() => params.setPage(meta.current_page - 1)}
              >
                {t('business.prevPage')}
              </Button>
              <Button
                size="small"
                variant="secondary"
                disabled={meta.current_page >= meta.total_pages}
                onClick={() => params.setPage(meta.current_page + 1)}
              >
                {t('business.nextPage')}
              </Button>
            </span>
          </nav>
        </>
      )}
    </>
  );
}

/** `/business/employees`: the employees with their usage, search, sort, paging, the black-list, reports and upload. */
export function EmployeesScreen() {
  const { t } = useTranslation();
  return (
    <BusinessArea title={t('business.employeesTitle')}>
      {(choice) => <Employees key={choice.business.id} choice={choice} />}
    </BusinessArea>
  );
}
