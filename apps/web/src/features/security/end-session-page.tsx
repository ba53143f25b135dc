import { ROUTES } from '@c2c/shared';
import { Button } from 'antd-mobile';
import { CheckCircleOutline, CloseCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api';
import { queryParam, switchTab } from '../../lib/navigation';
import { endSessionByLink } from './api';

type Outcome = { kind: 'ended' } | { kind: 'gone' } | { kind: 'failed'; message: string };

/**
 * The new-device mail's link, opened signed in or not: one press ends the session that sign-in opened (a press, not
 * the opening itself, so a mail scanner that follows links ends nothing), then it suggests changing the password.
 */
export function EndSessionPage() {
  const { t } = useTranslation();
  const [token] = useState(() => queryParam('token') ?? '');
  const [outcome, setOutcome] = useState<Outcome>();

  const end = async () => {
    try {
      const res = await endSessionByLink(token);
      setOutcome({ kind: res.ended ? 'ended' : 'gone' });
    } catch (e) {
      setOutcome({ kind: 'failed', message: e instanceof ApiError ? e.message : t('common.serverError') });
    }
  };

  const signIn = (
    <Button block color="primary" shape="rounded" size="large" onClick={() => switchTab(ROUTES.login)}>
      {t('security.linkSignIn')}
    </Button>
  );
  if (!outcome)
    return (
      <div className="page-body">
        <section className="card result-card">
          <h2>{t('security.linkTitle')}</h2>
          <p className="security-explain">{t('security.linkExplain')}</p>
          <SubmitButton onSubmit={end} color="danger" disabled={!token}>
            {t('security.linkEnd')}
          </SubmitButton>
          {!token && <p className="field-error">{t('security.linkMissing')}</p>}
        </section>
      </div>
    );
  const ok = outcome.kind !== 'failed';
  return (
    <div className="page-body">
      <section className="card result-card" role="status">
        {ok ? (
          <CheckCircleOutline fontSize={40} color="var(--c-link)" />
        ) : (
          <CloseCircleOutline fontSize={40} color="var(--c-loss)" />
        )}
        <h2>
          {outcome.kind === 'ended'
            ? t('security.linkEnded')
            : outcome.kind === 'gone'
              ? t('security.linkGone')
              : t('security.linkFailed')}
        </h2>
        <p className="security-explain">{outcome.kind === 'failed' ? outcome.message : t('security.linkChangePassword')}</p>
        {signIn}
      </section>
    </div>
  );
}
