import { Button } from 'antd-mobile';
import { toDataURL } from 'qrcode';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import { PageLoading } from '../../components/page-loading';
import { QrCode } from '../../components/qr-code';
import { QueryError } from '../../components/query-error';
import { showToast } from '../../lib/toast';
import { useInviteDetail } from './api';
import './team.css';

/** Saves the link's QR code as a PNG: drawn locally into a data URL and handed to the browser as a download. */
async function saveQr(link: string, code: string): Promise<void> {
  const url = await toDataURL(link, { width: 600, margin: 2, errorCorrectionLevel: 'M' });
  const a = document.createElement('a');
  a.href = url;
  a.download = `invite-${code}.png`;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function PromotionPage() {
  const { t } = useTranslation();
  const detail = useInviteDetail();
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) return <QueryError onRetry={() => void detail.refetch()} />;
  const { invite_code: code, invite_url: link } = detail.data;
  const save = () =>
    saveQr(link, code).catch((error: unknown) => {
      console.error(error);
      showToast(t('promotion.saveFailed'));
    });
  return (
    <div className="page-body promotion-page">
      <section className="card invite-card">
        <h2>{t('promotion.title')}</h2>
        <p className="muted">{t('promotion.subtitle')}</p>
        <QrCode value={link} label={t('promotion.qrLabel')} />
        <div className="promotion-actions">
          <Button size="small" color="primary" fill="outline" shape="rounded" onClick={save}>
            {t('promotion.saveQr')}
          </Button>
        </div>
        <div className="invite-row">
          <span className="muted">{t('promotion.code')}</span>
          <strong className="invite-code mono" data-testid="invite-code">
            {code}
          </strong>
          <CopyButton text={code} />
        </div>
        <div className="invite-row">
          <span className="muted">{t('promotion.link')}</span>
          <span className="invite-link mono" data-testid="invite-link">
            {link}
          </span>
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
