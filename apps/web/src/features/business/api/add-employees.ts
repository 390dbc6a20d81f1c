import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildPath, routes, type TAddEmployeesResponse } from '@therapy/contract';
import { apiFetch, callRoute } from '../../../api/client.ts';
import { businessKeys } from './business-keys.ts';

export type TEmployeesInput = { email: string } | { file: File };

/** One e-mail as JSON, or a file as multipart (field `file`). */
export function addEmployees(id: string, input: TEmployeesInput): Promise<TAddEmployeesResponse> {
  if ('email' in input) return callRoute(routes.addBusinessEmployees, { params: { id }, body: { email: input.email } });
  const form = new FormData();
  form.append('file', input.file);
  return apiFetch<TAddEmployeesResponse>(buildPath(routes.addBusinessEmployees.path, { id }), {
    method: routes.addBusinessEmployees.method,
    body: form,
  });
}

export function useAddEmployees(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TEmployeesInput) => addEmployees(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.allEmployees() }),
  });
}
