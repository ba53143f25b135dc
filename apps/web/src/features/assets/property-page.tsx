import { ROUTES } from '@c2c/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MoneyValue } from '../../components/money-value';
import { Stat } from '../../components/stat';
import { SummaryCard } from '../../components/summary-card';
import { navigate } from '../../lib/navigation';
import { usePropertyTongji } from './api';

export function PropertyPage() {
  const { t } = useTranslation();
  const stats = usePropertyTongji().data;
  return (
    <div className="page-body">
      <SummaryCard label={t('property.balance')} value={<MoneyValue value={stats?.balance} />}>
        <Stat label={t('property.rechargeAmount')} value={stats ? <MoneyValue value={stats.recharge_amount} /> : null} />
        <Stat label={t('property.totalAcquisition')} value={stats ? <MoneyValue value={stats.total_acquisition} /> : null} />
        <Stat label={t('property.totalSales')} value={stats ? <MoneyValue value={stats.total_sales} /> : null} />
      </SummaryCard>
      <section className="card action-card">
        <Button block color="primary" size="large" shape="rounded" onClick={() => navigate(ROUTES.cardWithdrawal)}>
          {t('property.cardWithdrawal')}
        </Button>
        <Button
          block
          color="primary"
          fill="outline"
          size="large"
          shape="rounded"
          onClick={() => navigate(`${ROUTES.withdraw}?method=wise`)}
        >
          {t('property.wiseWithdrawal')}
        </Button>
        <Button block color="primary" fill="none" size="middle" onClick={() => navigate(ROUTES.recharge)}>
          {t('property.recharge')}
        </Button>
        <Button block color="primary" fill="none" size="middle" onClick={() => navigate(ROUTES.assetLog)}>
          {t('property.assetLog')}
        </Button>
      </section>
    </div>
  );
}
