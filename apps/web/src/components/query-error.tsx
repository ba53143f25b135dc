import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Shown where a query failed (the API client already said why); lets the user try again. */
export function QueryError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="query-error">
      <p>{t('common.loadFailed')}</p>
      <Button size="small" fill="outline" color="primary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
