import { API, type LiabilityProof, type Page, type ProofResult, type ProofRoot, verifyProof } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

const proofKeys = {
  mine: ['proof', 'mine'],
  roots: ['proof', 'roots'],
  check: (proof: LiabilityProof | undefined) => ['proof', 'check', proof],
} as const;

/** The caller's proof in the latest snapshot; "no snapshot yet" and "not in it" are states of the page, not toasts. */
export function useMyProof() {
  return useQuery({
    queryKey: proofKeys.mine,
    refetchOnMount: 'always',
    retry: false,
    queryFn: () => api(API.proofMine, {}, { catch: true, toast: false }) as Promise<LiabilityProof>,
  });
}

/** The latest published roots (the same list anyone sees without signing in). */
export function useProofRoots() {
  return useQuery({
    queryKey: proofKeys.roots,
    refetchOnMount: 'always',
    queryFn: () => api(API.proofRoots, { page: 1, page_size: 10 }, { catch: true }) as Promise<Page<ProofRoot>>,
  });
}

/** The proof checked here, in the browser, with the shared code (Web Crypto); never sent anywhere. */
export function useProofCheck(proof: LiabilityProof | undefined) {
  return useQuery({
    queryKey: proofKeys.check(proof),
    enabled: proof !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: (): Promise<ProofResult> => verifyProof(proof),
  });
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
