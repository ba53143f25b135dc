import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';
import { Field } from '../../components/field';
import { UploadTile } from '../../components/upload-tile';
import { CURRENCY } from '../../lib/money';

export function RechargePage() {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <ComingSoon />
      <section className="card form-card">
        <Field label={t('recharge.currency')}>
          <span className="field-text">{CURRENCY}</span>
        </Field>
        <Field label={t('recharge.category')}>
          <span className="field-text muted">{t('common.notAvailable')}</span>
        </Field>
        <Field label={t('recharge.address')}>
          <span className="field-text muted">{t('common.notAvailable')}</span>
        </Field>
        <Field label={t('recharge.amount')}>
          <Input disabled inputMode="decimal" placeholder={t('recharge.amountPlaceholder')} />
        </Field>
        <Field label={t('recharge.credentials')}>
          <UploadTile label={t('recharge.upload')} />
        </Field>
        <Button block color="primary" size="large" shape="rounded" disabled>
          {t('common.submit')}
        </Button>
      </section>
      <section className="card tips">
        <h2 className="card-title">{t('recharge.tipsTitle')}</h2>
        <p>{t('recharge.tips')}</p>
      </section>
    </div>
  );
}
