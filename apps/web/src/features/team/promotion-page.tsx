import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import { PageLoading } from '../../components/page-loading';
import { QrCode } from '../../components/qr-code';
import { usePublicConfig, useUser } from '../../lib/queries';
import { inviteLink } from './invite-link';

export function PromotionPage() {
  const { t } = useTranslation();
  const user = useUser().data;
  const config = usePublicConfig();
  if (!user || config.isPending) return <PageLoading />;
  const link = inviteLink(config.data?.app_url ?? '', user.invite_code);
  return (
    <div className="page-body promotion-page">
      <section className="card invite-card">
        <h2>{t('promotion.title')}</h2>
        <p className="muted">{t('promotion.subtitle')}</p>
        <QrCode value={link} label={t('promotion.qrLabel')} />
        <div className="invite-row">
          <span className="muted">{t('promotion.code')}</span>
          <strong className="invite-code mono">{user.invite_code}</strong>
          <CopyButton text={user.invite_code} />
        </div>
        <div className="invite-row">
          <span className="muted">{t('promotion.link')}</span>
          <span className="invite-link mono">{link}</span>
          <CopyButton text={link} />
        </div>
      </section>
      <section className="card tips">
        <h2 className="card-title">{t('promotion.howTitle')}</h2>
        <p>{t('promotion.how')}</p>
      </section>
    </div>
  );
}
