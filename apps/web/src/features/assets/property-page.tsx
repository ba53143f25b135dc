import { ROUTES } from '@c2c/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MoneyValue } from '../../components/money-value';
import { Stat } from '../../components/stat';
import { SummaryCard } from '../../components/summary-card';
import { navigate } from '../../lib/navigation';
import { useMoney } from '../../lib/queries';

export function PropertyPage() {
  const { t } = useTranslation();
  const money = useMoney().data;
  return (
    <div className="page-body">
      <SummaryCard label={t('property.balance')} value={<MoneyValue value={money?.balance} />}>
        <Stat label={t('property.rechargeAmount')} value={null} />
        <Stat label={t('property.totalAcquisition')} value={null} />
        <Stat label={t('property.totalSales')} value={null} />
      </SummaryCard>
      <section className="card action-card">
        <Button block color="primary" size="large" shape="rounded" onClick={() => navigate(ROUTES.cardWithdrawal)}>
          {t('property.cardWithdrawal')}
        </Button>
        <Button block color="primary" fill="outline" size="large" shape="rounded" onClick={() => navigate(ROUTES.withdraw)}>
          {t('property.wiseWithdrawal')}
        </Button>
        <Button block fill="none" size="middle" onClick={() => navigate(ROUTES.recharge)}>
          {t('property.recharge')}
        </Button>
      </section>
      <p className="footnote">{t('property.statsPending')}</p>
    </div>
  );
}
