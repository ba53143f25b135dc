import { errorCode, formatAmount, type LiabilityProof, type ProofResult, type ProofRoot } from '@c2c/shared';
import { Button } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, DownlandOutline } from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { MoneyValue } from '../../components/money-value';
import { PageLoading } from '../../components/page-loading';
import { QueryError } from '../../components/query-error';
import { TimeText } from '../../components/time-text';
import type { TKey } from '../../lib/i18n-keys';
import { formatMoney } from '../../lib/money';
import { saveFile } from '../../lib/save-file';
import { isApiError, useMyProof, useProofCheck, useProofRoots } from './api';
import './proof.css';

type Failure = Exclude<ProofResult, { ok: true }>['reason'] | 'not_published';

/** What went wrong, in words: which check failed and where. */
const REASONS = {
  format: 'proof.reason.format',
  negative_sum: 'proof.reason.negative_sum',
  hash_mismatch: 'proof.reason.hash_mismatch',
  sum_mismatch: 'proof.reason.sum_mismatch',
  root_mismatch: 'proof.reason.root_mismatch',
  total_mismatch: 'proof.reason.total_mismatch',
  parts_mismatch: 'proof.reason.parts_mismatch',
  duplicate_leaf: 'proof.reason.duplicate_leaf',
  not_published: 'proof.reason.not_published',
} as const satisfies Record<Failure, TKey>;

function failureText(t: TFunction, failure: { reason: Failure; level?: number; field?: string }): string {
  if (failure.reason === 'hash_mismatch' && failure.level === 0) return t('proof.reason.leaf');
  return t(REASONS[failure.reason], { level: failure.level, field: failure.field });
}

/** The proof against the published roots: the same snapshot must be published with the same root hash and total. */
function publishedMismatch(proof: LiabilityProof, roots: ProofRoot[] | undefined): boolean {
  const root = roots?.find((r) => r.id === proof.snapshot_id);
  return root !== undefined && (root.root_hash !== proof.root_hash || root.total !== proof.total);
}

function Verdict({ proof, roots }: { proof: LiabilityProof; roots: ProofRoot[] | undefined }) {
  const { t, i18n } = useTranslation();
  const check = useProofCheck(proof);
  if (!check.data) return <div className="proof-verdict pending">{t('proof.verifying')}</div>;
  const result = check.data;
  const failure: { reason: Failure; level?: number; field?: string } | undefined = !result.ok
    ? {
        reason: result.reason,
        level: 'level' in result ? result.level : undefined,
        field: 'field' in result ? result.field : undefined,
      }
    : publishedMismatch(proof, roots)
      ? { reason: 'not_published' }
      : undefined;
  if (failure || !result.ok)
    return (
      <div className="proof-verdict failed" role="alert">
        <CloseCircleFill aria-hidden />
        <div>
          <strong>{t('proof.failedTitle')}</strong>
          <p>{failureText(t, failure!)}</p>
        </div>
      </div>
    );
  return (
    <div className="proof-verdict verified" role="status">
      <CheckCircleFill aria-hidden />
      <div>
        <strong>{t('proof.verifiedTitle')}</strong>
        <p>
          {t('proof.verified', {
            amount: formatMoney(formatAmount(result.amount), i18n.language),
            id: result.snapshot_id,
            time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
              new Date(result.created_at),
            ),
            total: formatMoney(formatAmount(result.total), i18n.language),
          })}
        </p>
      </div>
    </div>
  );
}

function Roots({ roots }: { roots: ProofRoot[] }) {
  const { t } = useTranslation();
  if (roots.length === 0) return null;
  return (
    <section className="card proof-roots">
      <h3 className="card-title padded">{t('proof.rootsTitle')}</h3>
      <ul>
        {roots.map((r) => (
          <li key={r.id} className="proof-root">
            <div className="proof-root-head">
              <span>{t('proof.snapshot', { id: r.id })}</span>
              <TimeText value={r.created_at} />
            </div>
            <div className="proof-root-row">
              <span>{t('proof.total')}</span>
              <span>
                <MoneyValue value={r.total} />
              </span>
            </div>
            <div className="proof-root-row">
              <span>{t('proof.leaves')}</span>
              <span>{r.leaf_count}</span>
            </div>
            <code className="proof-hash">{r.root_hash}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ProofPage() {
  const { t } = useTranslation();
  const mine = useMyProof();
  const roots = useProofRoots();
  const code = isApiError(mine.error) ? mine.error.code : undefined;

  let body: ReactNode;
  if (mine.isPending) body = <PageLoading />;
  else if (code === errorCode('proof_none')) body = <EmptyState text={t('proof.none')} />;
  else if (code === errorCode('proof_not_included')) body = <EmptyState text={t('proof.notIncluded')} />;
  else if (mine.isError) body = <QueryError onRetry={() => void mine.refetch()} />;
  else {
    const proof = mine.data;
    body = (
      <>
        <Verdict proof={proof} roots={roots.data?.list} />
        <section className="card proof-details">
          <div className="proof-root-row">
            <span>{t('proof.rootHash')}</span>
          </div>
          <code className="proof-hash">{proof.root_hash}</code>
          <Button
            block
            color="primary"
            fill="outline"
            className="proof-download"
            onClick={() =>
              saveFile(
                new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' }),
                `proof-of-liabilities-${proof.snapshot_id}.json`,
              )
            }
          >
            <DownlandOutline /> {t('proof.download')}
          </Button>
          <p className="proof-note">{t('proof.offline')}</p>
        </section>
      </>
    );
  }

  return (
    <div className="proof-page">
      {body}
      <section className="card proof-explain">
        <h3 className="card-title">{t('proof.whatTitle')}</h3>
        <p>{t('proof.whatProves')}</p>
        <p>
          <strong>{t('proof.whatNotTitle')}</strong> {t('proof.whatNot')}
        </p>
      </section>
      {roots.data && <Roots roots={roots.data.list} />}
    </div>
  );
}
