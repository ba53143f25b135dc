import { ROUTES } from '@c2c/shared';
import { Button, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ComingSoon } from '../../components/coming-soon';
import { Field } from '../../components/field';
import { MoneyValue } from '../../components/money-value';
import { SummaryCard } from '../../components/summary-card';
import { useMoney } from '../../lib/queries';

type Method = 'bank' | 'wise';

/** The withdrawal form; the bank-card page offers only the bank method, the withdraw page both. */
export function WithdrawForm({ methods }: { methods: Method[] }) {
  const { t } = useTranslation();
  const money = useMoney().data;
  const [method, setMethod] = useState<Method>(methods[0] ?? 'bank');
  const labels: Record<Method, string> = { bank: t('withdraw.bank'), wise: t('withdraw.wise') };
  return (
    <div className="page-body">
      <SummaryCard label={t('withdraw.available')} value={<MoneyValue value={money?.balance} />} />
      <ComingSoon />
      <section className="card form-card">
        {methods.length > 1 && (
          <Field label={t('withdraw.method')}>
            <Selector
              columns={2}
              value={[method]}
              onChange={(v) => v[0] && setMethod(v[0])}
              options={methods.map((m) => ({ label: labels[m], value: m }))}
            />
          </Field>
        )}
        <Field label={t('withdraw.account')} extra={<Link href={ROUTES.binding}>{t('withdraw.bindNow')}</Link>}>
          <span className="field-text muted">{t('withdraw.noAccount')}</span>
        </Field>
        <Field label={t('withdraw.amount')}>
          <Input disabled inputMode="decimal" placeholder={t('withdraw.amountPlaceholder')} />
        </Field>
        <Button block color="primary" size="large" shape="rounded" disabled>
          {t('withdraw.submit')}
        </Button>
      </section>
      <Link href={ROUTES.records} className="text-link">
        {t('withdraw.viewRecords')}
      </Link>
    </div>
  );
}
