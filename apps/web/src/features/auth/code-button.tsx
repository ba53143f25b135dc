import { CODE_RESEND_SECONDS } from '@c2c/shared';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../lib/toast';
import { useGuardedAction } from '../../lib/use-guarded-action';
import { validate } from '../../lib/validate';
import { type CodeScene, sendCode } from './api';

/** Sends the e-mail code, then counts down 60 s before it may be sent again ("get code" -> "59 s" -> "retry"). */
export function CodeButton({ email, scene }: { email: string; scene: CodeScene }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const { run, loading } = useGuardedAction(async () => {
    const body = await validate('sendCodeRequest', { email, scene });
    if (!body) return;
    const { resend_after } = await sendCode(body.email, scene);
    showSuccess(t('auth.sendSuccess'));
    setSent(true);
    setSeconds(resend_after > 0 ? resend_after : CODE_RESEND_SECONDS);
  });

  const label = seconds > 0 ? t('auth.resendIn', { seconds }) : sent ? t('auth.retry') : t('auth.getCode');
  return (
    <Button size="small" color="primary" fill="outline" shape="rounded" loading={loading} disabled={seconds > 0} onClick={run}>
      {label}
    </Button>
  );
}
