import { type ImageUploadItem, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { ProofUpload, proofPath } from '../../components/proof-upload';
import { SubmitButton } from '../../components/submit-button';
import { useAmountError } from '../../lib/amount-check';
import { formatMoney } from '../../lib/money';
import { refreshMoney, usePublicConfig } from '../../lib/queries';
import { useRequestId } from '../../lib/request-id';
import { showSuccess, showToast } from '../../lib/toast';
import { useFormState } from '../../lib/use-form-state';
import { validate, withinLimits } from '../../lib/validate';
import { createRecharge } from './api';

const EMPTY = { amount: '', tx_hash: '' };

/** Amount, screenshot and optional transaction hash of a recharge on `network`. */
export function RechargeForm({ network }: { network: string }) {
  const { t, i18n } = useTranslation();
  const config = usePublicConfig().data;
  const form = useFormState(EMPTY);
  const [proof, setProof] = useState<ImageUploadItem[]>([]);
  const [uploading, setUploading] = useState(false);
  const requestId = useRequestId();
  const amountError = useAmountError(form.values.amount, { min: config?.recharge_min, max: config?.recharge_max });

  const submit = async () => {
    if (uploading) return showToast(t('recharge.uploading'));
    const body = await validate(
      'rechargeCreateRequest',
      { type: network, ...form.values, image: proofPath(proof) },
      { amounts: ['amount'] },
    );
    if (!body) return;
    if (!withinLimits(body.amount, { min: config?.recharge_min, max: config?.recharge_max })) return;
    try {
      await createRecharge({ ...body, tx_hash: body.tx_hash || undefined, request_id: requestId.current() });
    } catch (error) {
      requestId.settle(error);
      throw error;
    }
    requestId.settle();
    form.setValues(EMPTY);
    for (const item of proof) URL.revokeObjectURL(item.url);
    setProof([]);
    showSuccess(t('common.submitSuccess'));
    await refreshMoney();
  };

  return (
    <section className="card form-card">
      <Field label={t('recharge.amount')} error={amountError}>
        <Input {...form.field('amount')} inputMode="decimal" placeholder={t('recharge.amountPlaceholder')} clearable />
      </Field>
      {config && (
        <p className="field-hint">
          {t('common.amountLimits', {
            min: formatMoney(config.recharge_min, i18n.language),
            max: formatMoney(config.recharge_max, i18n.language),
          })}
        </p>
      )}
      <Field label={t('recharge.credentials')}>
        <ProofUpload value={proof} onChange={setProof} onBusyChange={setUploading} />
      </Field>
      <Field label={t('recharge.txHash')}>
        <Input {...form.field('tx_hash')} placeholder={t('recharge.txHashPlaceholder')} maxLength={100} clearable />
      </Field>
      <SubmitButton onSubmit={submit}>{t('common.submit')}</SubmitButton>
    </section>
  );
}
