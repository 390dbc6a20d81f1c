import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TUsersBlacklistResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { businessKeys } from './business-keys.ts';

export function setUsersBlacklist(id: string, employeeId: string, blocked: boolean): Promise<TUsersBlacklistResponse> {
  return callRoute(routes.usersBlacklists, { params: { id }, body: { employee_id: employeeId, blocked } });
}

export function useSetUsersBlacklist(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ employeeId, blocked }: { employeeId: string; blocked: boolean }) =>
      setUsersBlacklist(id, employeeId, blocked),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.allEmployees() }),
  });
}
