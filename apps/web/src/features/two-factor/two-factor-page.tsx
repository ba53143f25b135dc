import type { TotpSetup } from '@c2c/shared';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import { Field } from '../../components/field';
import { PageLoading } from '../../components/page-loading';
import { QrCode } from '../../components/qr-code';
import { QueryError } from '../../components/query-error';
import { SubmitButton } from '../../components/submit-button';
import { confirm } from '../../lib/dialog';
import { errorText } from '../../lib/error-text';
import { useUser } from '../../lib/queries';
import { saveFile } from '../../lib/save-file';
import { showSuccess, showToast } from '../../lib/toast';
import { useGuardedAction } from '../../lib/use-guarded-action';
import { disable, enable, startSetup } from './api';
import './two-factor.css';

const SIX_DIGITS = /^\d{6}$/;

/** Turning two-factor on: the secret as a QR code and as text, then a code of it confirms. */
function SetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetup>();
  const [code, setCode] = useState('');
  const start = useGuardedAction(async () => {
    setSetup(await startSetup());
    setCode('');
  });
  const enableWithCode = async () => {
    const typed = code.trim();
    if (!SIX_DIGITS.test(typed)) {
      showToast(await errorText(typed ? 'totp_invalid' : 'totp_code_required'));
      return;
    }
    const { recovery_codes } = await enable(typed);
    showSuccess(t('twoFactor.enabled'));
    onEnabled(recovery_codes);
  };
  if (!setup)
    return (
      <Button block color="primary" shape="rounded" size="large" loading={start.loading} onClick={start.run}>
        {t('twoFactor.start')}
      </Button>
    );
  return (
    <div className="two-factor-setup">
      <p>{t('twoFactor.scan')}</p>
      <QrCode value={setup.otpauth_url} label={t('twoFactor.qrLabel')} />
      <div className="invite-row">
        <span className="muted">{t('twoFactor.secret')}</span>
        <strong className="mono two-factor-secret" data-testid="totp-secret">
          {setup.secret}
        </strong>
        <CopyButton text={setup.secret} />
      </div>
      <p>{t('twoFactor.enterCode')}</p>
      <Field label={t('auth.totp')} name="code">
        <Input
          value={code}
          onChange={setCode}
          placeholder={t('auth.totpPlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          clearable
        />
      </Field>
      <SubmitButton onSubmit={enableWithCode}>{t('twoFactor.enable')}</SubmitButton>
    </div>
  );
}

/** The recovery codes, shown this once: copy, download, and a clear warning. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const download = () =>
    saveFile(new Blob([`${t('twoFactor.recoveryFile', { email })}\n\n${text}\n`], { type: 'text/plain' }), 'recovery-codes.txt');
  return (
    <div className="recovery-codes">
      <h2 className="card-title">{t('twoFactor.recoveryTitle')}</h2>
      <p className="pause-notice" role="alert">
        {t('twoFactor.recoveryWarning')}
      </p>
      <ol className="recovery-list mono" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="two-factor-actions">
        <CopyButton text={text} label={t('twoFactor.copyAll')} />
        <Button size="mini" color="primary" fill="outline" shape="rounded" onClick={download}>
          {t('twoFactor.download')}
        </Button>
      </div>
      <Button block color="primary" shape="rounded" size="large" onClick={onDone}>
        {t('twoFactor.recoveryDone')}
      </Button>
    </div>
  );
}

/** Turning two-factor off: a code of either kind, after a warning about the 24-hour withdrawal pause. */
function TurnOff() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const submit = async () => {
    if (!code.trim()) {
      showToast(await errorText('totp_code_required'));
      return;
    }
    const confirmed = await confirm({
      title: t('twoFactor.disableConfirmTitle'),
      content: t('twoFactor.disableConfirmText'),
      confirmText: t('twoFactor.disable'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await disable(code.trim());
    setCode('');
    showSuccess(t('twoFactor.disabled'));
  };
  return (
    <div>
      <h2 className="card-title">{t('twoFactor.disableTitle')}</h2>
      <p className="muted">{t('twoFactor.disableText')}</p>
      <Field label={t('twoFactor.codeLabel')} name="code">
        <Input
          value={code}
          onChange={setCode}
          placeholder={t('twoFactor.codePlaceholder')}
          autoComplete="one-time-code"
          maxLength={11}
          clearable
        />
      </Field>
      <SubmitButton onSubmit={submit} color="danger">
        {t('twoFactor.disable')}
      </SubmitButton>
    </div>
  );
}

export function TwoFactorPage() {
  const { t } = useTranslation();
  const user = useUser({ fresh: true });
  // the recovery codes just answered: shown until the user says they stored them (the server keeps only hashes)
  const [codes, setCodes] = useState<string[]>();
  if (user.isPending) return <PageLoading />;
  if (user.isError || !user.data) return <QueryError onRetry={() => void user.refetch()} />;
  const on = user.data.totp_enabled;
  return (
    <div className="page-body two-factor-page">
      <section className="card form-card">
        <div className="invite-row">
          <span className="muted">{t('twoFactor.status')}</span>
          <strong className={on ? 'two-factor-on' : 'two-factor-off'} data-testid="totp-status">
            {t(on ? 'twoFactor.on' : 'twoFactor.off')}
          </strong>
        </div>
        <p className="muted">{t('twoFactor.intro')}</p>
      </section>
      <section className="card form-card">
        {codes ? (
          <RecoveryCodes codes={codes} email={user.data.email} onDone={() => setCodes(undefined)} />
        ) : on ? (
          <TurnOff />
        ) : (
          <SetUp onEnabled={setCodes} />
        )}
      </section>
    </div>
  );
}
