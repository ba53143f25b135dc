import { Input, type InputProps, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { PageLoading } from '../../components/page-loading';
import { QueryError } from '../../components/query-error';
import { SubmitButton } from '../../components/submit-button';
import type { TKey } from '../../lib/i18n-keys';
import { showSuccess } from '../../lib/toast';
import { useFormState } from '../../lib/use-form-state';
import { validate } from '../../lib/validate';
import { bindAccount, usePayoutAccounts } from './api';

interface FieldSpec {
  name: string;
  label: TKey;
  placeholder?: TKey;
  input?: Pick<InputProps, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'>;
}

// The order of the shared schemas, so the first message a user sees is about the first wrong field.
const BANK_FIELDS: FieldSpec[] = [
  { name: 'full_name', label: 'binding.fullName', input: { autoComplete: 'name', maxLength: 100 } },
  { name: 'name', label: 'binding.name', input: { autoComplete: 'given-name', maxLength: 50 } },
  { name: 'surname', label: 'binding.surname', input: { autoComplete: 'family-name', maxLength: 50 } },
  { name: 'phone', label: 'binding.phone', placeholder: 'binding.phonePlaceholder', input: { type: 'tel', maxLength: 11 } },
  { name: 'email', label: 'binding.email', input: { type: 'email', autoComplete: 'email', maxLength: 254 } },
  { name: 'area', label: 'binding.area', input: { maxLength: 50 } },
  { name: 'country', label: 'binding.country', input: { autoComplete: 'country-name', maxLength: 50 } },
  { name: 'iban', label: 'binding.iban', placeholder: 'binding.ibanPlaceholder', input: { maxLength: 42 } },
  { name: 'bank_name', label: 'binding.bankName', input: { maxLength: 100 } },
  { name: 'swift', label: 'binding.swift', placeholder: 'binding.swiftPlaceholder', input: { maxLength: 11 } },
  { name: 'address', label: 'binding.address', input: { autoComplete: 'street-address', maxLength: 200 } },
  { name: 'city', label: 'binding.city', input: { autoComplete: 'address-level2', maxLength: 80 } },
  { name: 'state', label: 'binding.state', input: { autoComplete: 'address-level1', maxLength: 80 } },
];
const WISE_FIELDS: FieldSpec[] = [
  { name: 'full_name', label: 'binding.fullName', input: { autoComplete: 'name', maxLength: 100 } },
  { name: 'email', label: 'binding.email', input: { type: 'email', autoComplete: 'email', maxLength: 254 } },
  { name: 'country', label: 'binding.country', input: { autoComplete: 'country-name', maxLength: 50 } },
  { name: 'phone', label: 'binding.phone', placeholder: 'binding.optional', input: { type: 'tel', maxLength: 11 } },
];

const blank = (fields: FieldSpec[]) => Object.fromEntries(fields.map((f) => [f.name, ''])) as Record<string, string>;

function BindingForm({ type, fields }: { type: 'bank' | 'wise'; fields: FieldSpec[] }) {
  const { t } = useTranslation();
  const form = useFormState(blank(fields));
  const submit = async () => {
    const body =
      type === 'bank'
        ? await validate('bankAccountRequest', { type, ...form.values })
        : await validate('wiseAccountRequest', { type, ...form.values });
    if (!body) return;
    await bindAccount(body);
    form.setValues(blank(fields));
    showSuccess(t('binding.success'));
  };
  return (
    <div className="form-card">
      {fields.map((f) => (
        <Field key={f.name} label={t(f.label)}>
          <Input {...form.field(f.name)} {...f.input} placeholder={t(f.placeholder ?? f.label)} clearable />
        </Field>
      ))}
      <SubmitButton onSubmit={submit}>{t('binding.submit')}</SubmitButton>
    </div>
  );
}

function BoundAccounts() {
  const { t } = useTranslation();
  const accounts = usePayoutAccounts();
  if (accounts.isPending) return <PageLoading />;
  if (accounts.isError) return <QueryError onRetry={() => void accounts.refetch()} />;
  const list = accounts.data ?? [];
  if (list.length === 0) return <EmptyState text={t('binding.noBound')} />;
  return (
    <ul className="record-list">
      {list.map((account) => (
        <li key={account.id} className="record">
          <span className="account-label">{account.label}</span>
          <span className="muted">{account.full_name}</span>
        </li>
      ))}
    </ul>
  );
}

export function BindingPage() {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <section className="card">
        <h2 className="card-title padded">{t('binding.bound')}</h2>
        <BoundAccounts />
      </section>
      <section className="card">
        <Tabs defaultActiveKey="bank" stretch>
          <Tabs.Tab key="bank" title={t('binding.bank')}>
            <BindingForm type="bank" fields={BANK_FIELDS} />
          </Tabs.Tab>
          <Tabs.Tab key="wise" title={t('binding.wise')}>
            <BindingForm type="wise" fields={WISE_FIELDS} />
          </Tabs.Tab>
        </Tabs>
      </section>
    </div>
  );
}
