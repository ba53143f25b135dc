import { useTranslation } from 'react-i18next';

/** A CSS spinner: the first page must not wait for an animation library to show progress. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-label={t('common.loading')}>
      <span className="spinner" />
    </div>
  );
}
