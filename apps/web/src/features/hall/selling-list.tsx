import { ROUTES } from '@c2c/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MoneyValue } from '../../components/money-value';
import { PagedList } from '../../components/paged-list';
import { confirm } from '../../lib/dialog';
import { formatMoney } from '../../lib/money';
import { navigate } from '../../lib/navigation';
import { refreshMoney, refreshTrades } from '../../lib/queries';
import { showSuccess } from '../../lib/toast';
import { cancelListing, type Listing, useMyListings } from '../../lib/trade';
import { useGuardedAction } from '../../lib/use-guarded-action';

function MyListingRow({ item }: { item: Listing }) {
  const { t, i18n } = useTranslation();
  const { run, loading } = useGuardedAction(async () => {
    const confirmed = await confirm({
      title: t('hall.selling.cancelTitle'),
      content: t('hall.selling.cancelText', { amount: formatMoney(item.remaining, i18n.language) }),
      confirmText: t('hall.selling.cancelConfirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    // a refusal (a trade on it is not finished) is shown by the API client in the user's language
    await cancelListing(item.id);
    showSuccess(t('hall.selling.cancelled'));
    await Promise.all([refreshTrades(), refreshMoney()]);
  });
  const open = item.status === 'open';
  return (
    <div className="listing-row">
      <div className="record-line">
        <strong className="record-amount">
          <MoneyValue value={item.quantity} />
        </strong>
        <span className={`status-tag status-${open ? 'auditing' : 'completed'}`}>
          {t(open ? 'hall.selling.open' : 'hall.selling.closed')}
        </span>
      </div>
      <div className="record-line muted">
        <span>
          {t('hall.unitPrice')} {formatMoney(item.price, i18n.language)} {item.currency}
        </span>
        <span>
          {t('hall.uncompleted')} <MoneyValue value={item.uncompleted} />
        </span>
      </div>
      {open && (
        <div className="record-line">
          <span className="muted">
            {t('hall.selling.inTrades')} <MoneyValue value={item.in_trades} />
          </span>
          <Button size="mini" color="danger" fill="outline" shape="rounded" loading={loading} onClick={run}>
            {t('hall.selling.cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The Hall's "selling orders" tab: the caller's listings, and the button posting a new one. */
export function SellingList() {
  const { t } = useTranslation();
  return (
    <>
      <div className="tab-actions">
        <Button color="primary" shape="rounded" size="small" onClick={() => navigate(ROUTES.listingCreate)}>
          {t('hall.selling.post')}
        </Button>
      </div>
      <PagedList
        query={useMyListings()}
        empty={t('hall.selling.empty')}
        itemKey={(item) => item.id}
        renderItem={(item) => <MyListingRow item={item} />}
      />
    </>
  );
}
