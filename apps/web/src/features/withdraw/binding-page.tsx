import type { PayoutAccount, PayoutType } from '@c2c/shared';
import { Button, Input, type InputProps } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { PageLoading } from '../../components/page-loading';
import { QueryError } from '../../components/query-error';
import { SecondFactorField, useSecondFactorOn } from '../../components/second-factor-field';
import { SubmitButton } from '../../components/submit-button';
import { Tabs } from '../../components/tabs';
import { UsableFrom } from '../../components/usable-from';
import { ApiError } from '../../lib/api';
import { showDialog } from '../../lib/dialog';
import { errorText } from '../../lib/error-text';
import type { TKey } from '../../lib/i18n-keys';
import { usePayoutAccounts } from '../../lib/payout-accounts';
import { showSuccess, showToast } from '../../lib/toast';
import { useGuardedAction } from '../../lib/use-guarded-action';
import { validate } from '../../lib/validate';
import { bindAccount, removeAccount, updateAccount } from './api';

type FieldName = keyof Omit<PayoutAccount, 'id' | 'type' | 'label' | 'created_at' | 'usable_at'>;
interface FieldSpec {
  name: FieldName;
  label: TKey;
  placeholder?: TKey;
  note?: TKey;
  input?: Pick<InputProps, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'>;
}

// Phones are typed with their country code and may carry spaces or dashes: "+49 151 2345 6789" (E.164 allows 15 digits).
const PHONE_INPUT: FieldSpec['input'] = { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 24 };

// The order of the shared schemas, so the form scrolls to the first wrong field.
const BANK_FIELDS: FieldSpec[] = [
  { name: 'full_name', label: 'binding.fullName', input: { autoComplete: 'name', maxLength: 100 } },
  { name: 'name', label: 'binding.name', input: { autoComplete: 'given-name', maxLength: 50 } },
  { name: 'surname', label: 'binding.surname', input: { autoComplete: 'family-name', maxLength: 50 } },
  {
    name: 'phone',
    label: 'binding.phone',
    placeholder: 'binding.phonePlaceholder',
    note: 'binding.phoneNote',
    input: PHONE_INPUT,
  },
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
  { name: 'phone', label: 'binding.phone', placeholder: 'binding.optional', note: 'binding.phoneNote', input: PHONE_INPUT },
];
const FIELDS: Record<PayoutType, FieldSpec[]> = { bank: BANK_FIELDS, wise: WISE_FIELDS };

/** The form's values: empty for a new account, the account's details when editing it. */
const valuesOf = (fields: FieldSpec[], account?: PayoutAccount) =>
  Object.fromEntries(fields.map((f) => [f.name, account ? account[f.name] : ''])) as Record<string, string>;

/** Brings a refused row into view and puts the cursor in it. */
function revealField(container: HTMLElement | null, field: string) {
  const row = container?.querySelector<HTMLElement>(`[data-field="${field}"]`);
  row?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  row?.querySelector('input')?.focus({ preventScroll: true });
}

function BindingForm({
  type,
  editing,
  secondFactor,
  onDone,
}: {
  type: PayoutType;
  editing?: PayoutAccount;
  /** two-factor is on: the change needs a fresh code */
  secondFactor: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const fields = FIELDS[type];
  const [values, setValues] = useState(() => valuesOf(fields, editing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLDivElement>(null);
  const [totp, setTotp] = useState('');

  const change = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!e[name]) return e;
      const { [name]: _, ...rest } = e;
      return rest;
    });
  };
  // Every refused field is marked at once and the first scrolled to; a refusal of no field of this form (the account
  // is gone) is a toast.
  const refuseAll = (refused: Record<string, string>) => {
    const known = (field: string) => field === 'totp' || fields.some((f) => f.name === field);
    const other = Object.entries(refused).find(([field]) => !known(field));
    if (other) {
      showToast(other[1]);
      return;
    }
    const first = Object.keys(refused)[0];
    setErrors(refused);
    if (first) requestAnimationFrame(() => revealField(formRef.current, first));
  };
  const refuse = (field: string | undefined, message: string) => refuseAll({ [field ?? '']: message });

  const submit = async () => {
    setErrors({});
    const refused: Record<string, string> = {};
    const collect = (field: string, message: string) => {
      refused[field] = message;
    };
    const body =
      type === 'bank'
        ? await validate('bankAccountRequest', { type, ...values }, { onFieldError: collect })
        : await validate('wiseAccountRequest', { type, ...values }, { onFieldError: collect });
    if (!body) {
      refuseAll(refused);
      return;
    }
    const code = secondFactor ? totp.trim() : undefined;
    if (secondFactor && !code) {
      refuse('totp', await errorText('totp_code_required'));
      return;
    }
    try {
      if (editing) await updateAccount({ ...body, bk_id: editing.id, totp: code });
      else await bindAccount({ ...body, totp: code });
    } catch (error) {
      if (error instanceof ApiError) refuse(error.field, error.message);
      throw error;
    }
    showSuccess(t(editing ? 'binding.updated' : 'binding.success'));
    setValues(valuesOf(fields));
    setTotp('');
    onDone();
  };

  return (
    <div className="form-card" ref={formRef}>
      {fields.map((f) => (
        <Field key={f.name} name={f.name} label={t(f.label)} error={errors[f.name]} note={f.note && t(f.note)}>
          <Input
            value={values[f.name]}
            onChange={(v) => change(f.name, v)}
            {...f.input}
            placeholder={t(f.placeholder ?? f.label)}
            clearable
          />
        </Field>
      ))}
      {secondFactor && (
        <SecondFactorField
          value={totp}
          onChange={(v) => {
            setTotp(v);
            setErrors((e) => (e.totp ? {} : e));
          }}
          error={errors.totp}
        />
      )}
      <p className="field-hint">{t('binding.waitNote')}</p>
      <SubmitButton onSubmit={submit}>{t(editing ? 'binding.saveChanges' : 'binding.submit')}</SubmitButton>
    </div>
  );
}

function AccountRow({
  account,
  secondFactor,
  onEdit,
  onRemoved,
}: {
  account: PayoutAccount;
  secondFactor: boolean;
  onEdit: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState(false);
  // the code typed into the confirmation (an imperative dialog, so it is read from here when the user confirms)
  const code = useRef('');
  const remove = useGuardedAction(async () => {
    code.current = '';
    if (!(await confirmRemoval(t('binding.removeTitle'), t('binding.removeText', { account: account.label })))) return;
    setRemoving(true);
    try {
      await removeAccount(account.id, secondFactor ? code.current.trim() : undefined);
    } finally {
      setRemoving(false);
    }
    showSuccess(t('binding.removed'));
    onRemoved();
  });
  /** Asks before an irreversible step; the removing action is marked as such. */
  const confirmRemoval = (title: string, content: string) =>
    new Promise<boolean>((resolve, reject) => {
      void showDialog({
        title,
        content: secondFactor ? (
          <>
            <p>{content}</p>
            <p className="muted">{t('twoFactor.removeCode')}</p>
            <RemovalCode onChange={(v) => (code.current = v)} />
          </>
        ) : (
          content
        ),
        closeOnAction: true,
        onClose: () => resolve(false),
        actions: [
          [
            { key: 'cancel', text: t('common.cancel'), onClick: () => resolve(false) },
            { key: 'remove', text: t('binding.remove'), danger: true, bold: true, onClick: () => resolve(true) },
          ],
        ],
      }).catch(reject);
    });
  return (
    <li className="record account-row">
      <div className="account-text">
        <span className="account-label">{account.label}</span>
        <span className="muted">{account.full_name}</span>
        <UsableFrom at={account.usable_at} />
      </div>
      <div className="account-actions">
        <Button size="mini" shape="rounded" fill="outline" color="primary" onClick={onEdit}>
          {t('binding.edit')}
        </Button>
        <Button size="mini" shape="rounded" fill="outline" color="danger" loading={removing} onClick={remove.run}>
          {t('binding.remove')}
        </Button>
      </div>
    </li>
  );
}

/** The code field inside the removal dialog, which keeps its own state (the dialog is rendered outside the page). */
function RemovalCode({ onChange }: { onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <Input
      className="dialog-input"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      placeholder={t('twoFactor.codePlaceholder')}
      aria-label={t('twoFactor.codeLabel')}
      autoComplete="one-time-code"
      maxLength={11}
    />
  );
}

function BoundAccounts({
  secondFactor,
  onEdit,
  onRemoved,
}: {
  secondFactor: boolean;
  onEdit: (a: PayoutAccount) => void;
  onRemoved: (a: PayoutAccount) => void;
}) {
  const { t } = useTranslation();
  const accounts = usePayoutAccounts();
  if (accounts.isPending) return <PageLoading />;
  if (accounts.isError) return <QueryError onRetry={() => void accounts.refetch()} />;
  const list = accounts.data ?? [];
  if (list.length === 0) return <EmptyState text={t('binding.noBound')} />;
  return (
    <ul className="record-list">
      {list.map((account) => (
        <AccountRow
          key={account.id}
          account={account}
          secondFactor={secondFactor}
          onEdit={() => onEdit(account)}
          onRemoved={() => onRemoved(account)}
        />
      ))}
    </ul>
  );
}

export function BindingPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PayoutType>('bank');
  const [editing, setEditing] = useState<PayoutAccount>();
  const formCard = useRef<HTMLElement>(null);
  const secondFactor = useSecondFactorOn();

  const edit = (account: PayoutAccount) => {
    setEditing(account);
    setTab(account.type);
    requestAnimationFrame(() => formCard.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }));
  };
  const stopEditing = () => setEditing(undefined);

  return (
    <div className="page-body">
      <section className="card">
        <h2 className="card-title padded">{t('binding.bound')}</h2>
        <BoundAccounts secondFactor={secondFactor} onEdit={edit} onRemoved={(a) => a.id === editing?.id && stopEditing()} />
      </section>
      <section className="card" ref={formCard}>
        {editing && (
          <div className="card-head editing-head">
            <h2 className="card-title">{t('binding.editing', { account: editing.label })}</h2>
            <Button size="mini" shape="rounded" fill="none" onClick={stopEditing}>
              {t('binding.cancelEdit')}
            </Button>
          </div>
        )}
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setTab(key);
            stopEditing();
          }}
          items={(['bank', 'wise'] as const).map((type) => ({
            key: type,
            title: t(type === 'bank' ? 'binding.bank' : 'binding.wise'),
            content: (
              <BindingForm
                key={editing?.id ?? 'new'}
                type={type}
                editing={editing?.type === type ? editing : undefined}
                secondFactor={secondFactor}
                onDone={stopEditing}
              />
            ),
          }))}
        />
      </section>
    </div>
  );
}
