import { Button } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { PageLoading } from '../../components/page-loading';
import { QueryError } from '../../components/query-error';
import { usePublicConfig } from '../../lib/queries';

export function ServicePage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  if (config.isPending) return <PageLoading />;
  if (config.isError) return <QueryError onRetry={() => config.refetch()} />;
  const url = config.data.kf_url;
  if (!url) return <EmptyState text={t('service.empty')} />;
  return (
    <div className="page-body">
      <section className="card service-card">
        <MessageOutline className="service-icon" />
        <h2>{t('service.title')}</h2>
        <p className="muted">{t('service.text')}</p>
        <a href={url} target="_blank" rel="noopener noreferrer" className="service-link">
          {url}
        </a>
        <Button color="primary" shape="rounded" block onClick={() => void window.open(url, '_blank', 'noopener,noreferrer')}>
          {t('service.open')}
        </Button>
      </section>
    </div>
  );
}
