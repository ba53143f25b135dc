import { ROUTES } from '@c2c/shared';
import { Button, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { PageLoading } from '../../components/page-loading';
import { QrCode } from '../../components/qr-code';
import { QueryError } from '../../components/query-error';
import { CURRENCY } from '../../lib/money';
import { navigate } from '../../lib/navigation';
import { useReceivingAddress } from './api';
import { RechargeForm } from './recharge-form';
import { RechargeList } from './recharge-list';

function RechargeArea() {
  const { t } = useTranslation();
  const [network, setNetwork] = useState<string>();
  const query = useReceivingAddress(network);
  if (query.isPending) return <PageLoading />;
  if (!query.data) return <QueryError onRetry={() => void query.refetch()} />;
  const { types, address } = query.data;
  if (types.length === 0 || !address)
    return (
      <section className="card">
        <EmptyState text={t('recharge.noNetwork')}>
          <Button color="primary" fill="outline" shape="rounded" size="small" onClick={() => navigate(ROUTES.service)}>
            {t('recharge.contactService')}
          </Button>
        </EmptyState>
      </section>
    );
  return (
    <>
      <section className="card form-card">
        <Field readOnly label={t('recharge.currency')}>
          <span className="field-text">{CURRENCY}</span>
        </Field>
        <div className="field">
          <span className="field-label">{t('recharge.category')}</span>
          <Selector
            className="network-picker"
            columns={3}
            value={[network ?? address.type]}
            onChange={(v) => v[0] && setNetwork(v[0])}
            options={types.map((type) => ({ label: type, value: type }))}
          />
        </div>
        {query.isPlaceholderData ? (
          // Never show the previous network's address under the newly chosen one.
          <PageLoading />
        ) : (
          <div className={address.demo ? 'address-box demo' : 'address-box'}>
            {address.demo && (
              <div className="demo-warning" role="alert">
                <strong>{t('recharge.demoAddress')}</strong>
                <span>{t('recharge.demoAddressHint')}</span>
              </div>
            )}
            <QrCode value={address.address} label={t('recharge.qrLabel')} size={168} />
            <span className="field-label">{t('recharge.address')}</span>
            <span className="address-text mono">{address.address}</span>
            <CopyButton text={address.address} />
          </div>
        )}
      </section>
      {!query.isPlaceholderData && <RechargeForm key={address.type} network={address.type} />}
    </>
  );
}

export function RechargePage() {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <RechargeArea />
      <section className="card tips">
        <h2 className="card-title">{t('recharge.tipsTitle')}</h2>
        <p>{t('recharge.tips')}</p>
      </section>
      <RechargeList />
    </div>
  );
}
