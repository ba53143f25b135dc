import { ADMIN_API, type Operator, type OperatorRole, type Page } from '@c2c/shared';
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
export interface CreatedOperator {
  operator: Operator;
  totp_secret: string;
  totp_uri: string;
}

export function useOperators(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...OPERATORS_KEY, page, pageSize],
    queryFn: () => call<Page<Operator>>(ADMIN_API.operatorList, { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewOperator) => call<CreatedOperator>(ADMIN_API.operatorCreate, { ...values }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
