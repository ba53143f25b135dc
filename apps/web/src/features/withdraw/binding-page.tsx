import { Button, Input, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';
import { Field } from '../../components/field';
import type { TKey } from '../../lib/i18n-keys';

const BANK_FIELDS: TKey[] = [
  'binding.fullName',
  'binding.name',
  'binding.surname',
  'binding.phone',
  'binding.email',
  'binding.area',
  'binding.country',
  'binding.iban',
  'binding.bankName',
  'binding.swift',
  'binding.address',
  'binding.city',
  'binding.state',
];
const WISE_FIELDS: TKey[] = ['binding.email', 'binding.fullName', 'binding.country'];

function BindingForm({ fields }: { fields: TKey[] }) {
  const { t } = useTranslation();
  return (
    <div className="form-card">
      {fields.map((key) => (
        <Field key={key} label={t(key)}>
          <Input disabled placeholder={t(key)} />
        </Field>
      ))}
      <Button block color="primary" size="large" shape="rounded" disabled>
        {t('binding.submit')}
      </Button>
    </div>
  );
}

export function BindingPage() {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <ComingSoon />
      <div className="card">
        <Tabs defaultActiveKey="bank" stretch>
          <Tabs.Tab key="bank" title={t('binding.bank')}>
            <BindingForm fields={BANK_FIELDS} />
          </Tabs.Tab>
          <Tabs.Tab key="wise" title={t('binding.wise')}>
            <BindingForm fields={WISE_FIELDS} />
          </Tabs.Tab>
        </Tabs>
      </div>
    </div>
  );
}
