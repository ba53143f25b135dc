import { ADMIN_API } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

export interface AuditQuery {
  page: number;
  pageSize: number;
  keyword: string;
}

export function useAuditList({ page, pageSize, keyword }: AuditQuery) {
  return useQuery({
    queryKey: ['audit', 'list', page, pageSize, keyword],
    queryFn: () => call(ADMIN_API.auditList, { page, page_size: pageSize, ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
  });
}

/** Verifies the chain, against a checkpoint kept elsewhere when one is given. */
export function useVerifyChain() {
  return useMutation({
    mutationFn: (checkpoint: string) => call(ADMIN_API.auditVerify, checkpoint ? { checkpoint } : {}),
  });
}

/** The newest entry as a checkpoint (owners only), fetched when asked for: it changes with every action. */
export function useCheckpoint() {
  return useMutation({ mutationFn: () => call(ADMIN_API.auditCheckpoint) });
}
