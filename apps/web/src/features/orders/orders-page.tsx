import { TradeList } from './trade-list';

export function OrdersPage() {
  return (
    <div className="page-body">
      <div className="card">
        <TradeList />
      </div>
    </div>
  );
}
