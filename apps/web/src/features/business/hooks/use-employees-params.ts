import { EMPLOYEE_SORT_FIELDS, type TEmployeeSortField } from '@therapy/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type TEmployeesParams = {
  search: string;
  page: number;
  sortField: TEmployeeSortField | undefined;
  sortDirection: 'asc' | 'desc' | undefined;
};

/** The employees table's search, sort and page, kept in the address beside the business and year. */
export function useEmployeesParams() {
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort');
  const dir = params.get('dir');
  const value: TEmployeesParams = {
    search: params.get('q') ?? '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    sortField: EMPLOYEE_SORT_FIELDS.find((field) => field === sort),
    sortDirection: dir === 'asc' || dir === 'desc' ? dir : undefined,
  };
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(key);
            else next.set(key, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    ...value,
    setSearch: (search: string) => update({ q: search, page: null }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
    setSort: (field: TEmployeeSortField, direction: 'asc' | 'desc') =>
      update({ sort: field, dir: direction, page: null }),
  };
}
