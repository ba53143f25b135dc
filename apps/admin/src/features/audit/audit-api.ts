import { ADMIN_API, type AuditEntry, type Page } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

export interface AuditQuery {
  page: number;
  pageSize: number;
  keyword: string;
}

export interface AuditVerifyResult {
  ok: boolean;
  checked: number;
  broken_at: number | null;
}

export function useAuditList({ page, pageSize, keyword }: AuditQuery) {
  return useQuery({
    queryKey: ['audit', 'list', page, pageSize, keyword],
    queryFn: () => call<Page<AuditEntry>>(ADMIN_API.auditList, { page, page_size: pageSize, ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
  });
}

export function useVerifyChain() {
  return useMutation({ mutationFn: () => call<AuditVerifyResult>(ADMIN_API.auditVerify) });
}
