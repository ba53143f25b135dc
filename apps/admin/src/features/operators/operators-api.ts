import { ADMIN_API, type Answer, type OperatorRole } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

const OPERATORS_KEY = ['operators'] as const;

export interface NewOperator {
  email: string;
  name: string;
  role: OperatorRole;
  password: string;
}

/** What `operator/create` answers: the secret exists in the browser only until the owner closes the modal. */
export type CreatedOperator = Answer<typeof ADMIN_API.operatorCreate>;

export function useOperators(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...OPERATORS_KEY, page, pageSize],
    queryFn: () => call(ADMIN_API.operatorList, { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewOperator) => call(ADMIN_API.operatorCreate, { ...values }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

function useOperatorMutation<V, R>(run: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export const useDisableOperator = () => useOperatorMutation((id: number) => call(ADMIN_API.operatorDisable, { id }));
export const useEnableOperator = () => useOperatorMutation((id: number) => call(ADMIN_API.operatorEnable, { id }));
/** Answers the new secret once, like `operator/create`. */
export const useResetTotp = () => useOperatorMutation((id: number) => call(ADMIN_API.operatorResetTotp, { id }));
export const useChangePassword = () =>
  useOperatorMutation((v: { old_password: string; password: string; confirm_password: string }) =>
    call(ADMIN_API.changePassword, { ...v }),
  );
