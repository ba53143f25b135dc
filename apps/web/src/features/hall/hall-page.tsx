import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../components/list-table';
import { MoneyValue } from '../../components/money-value';
import { Stat } from '../../components/stat';
import { SummaryCard } from '../../components/summary-card';
import { addAmounts } from '../../lib/money';
import { useMoney } from '../../lib/queries';
import { MerchantOffers } from './merchant-offers';

export function HallPage() {
  const { t } = useTranslation();
  const money = useMoney().data;
  return (
    <div className="page-body">
      <SummaryCard label={t('hall.totalBalance')} value={<MoneyValue value={money?.total} />}>
        <Stat label={t('hall.onOrder')} value={money ? <MoneyValue value={addAmounts(money.escrow, money.frozen)} /> : null} />
        <Stat label={t('hall.available')} value={money ? <MoneyValue value={money.balance} /> : null} />
      </SummaryCard>
      <div className="card">
        <Tabs defaultActiveKey="buy" stretch>
          <Tabs.Tab key="buy" title={t('hall.buy')}>
            <ListTable
              columns={[t('hall.seller'), t('hall.quantity'), t('hall.unitPrice'), t('hall.limits')]}
              empty={t('hall.noOffers')}
            />
          </Tabs.Tab>
          <Tabs.Tab key="selling" title={t('hall.sellingOrders')}>
            <ListTable
              columns={[t('hall.quantity'), t('hall.unitPrice'), t('hall.uncompleted'), t('hall.state')]}
              empty={t('hall.noOffers')}
            />
          </Tabs.Tab>
          <Tabs.Tab key="merchants" title={t('hall.sellToMerchants')}>
            <MerchantOffers />
          </Tabs.Tab>
        </Tabs>
      </div>
    </div>
  );
}
