import { ANTI_PHISHING_MAX } from '@c2c/shared';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { PageLoading } from '../../components/page-loading';
import { SubmitButton } from '../../components/submit-button';
import { confirm } from '../../lib/dialog';
import { useUser } from '../../lib/queries';
import { showSuccess } from '../../lib/toast';
import { useGuardedAction } from '../../lib/use-guarded-action';
import { validate } from '../../lib/validate';
import { saveAntiPhishing } from './api';

/** The anti-phishing phrase: what it is for, whether one is set, and setting, changing or removing it. */
export function AntiPhishingPage() {
  const { t } = useTranslation();
  const user = useUser().data;
  const [phrase, setPhrase] = useState('');
  const [error, setError] = useState<string>();
  const remove = useGuardedAction(async () => {
    const ok = await confirm({
      content: t('security.phraseRemoveConfirm'),
      confirmText: t('security.phraseRemove'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await saveAntiPhishing('');
    showSuccess(t('security.phraseRemoved'));
  });
  if (!user) return <PageLoading />;

  const save = async () => {
    setError(undefined);
    // an empty box would remove the phrase: that is the remove button's job, so here it is missing input
    if (!phrase.trim()) return setError(t('security.phraseEmpty'));
    const body = await validate('antiPhishingRequest', { phrase }, { onFieldError: (_, message) => setError(message) });
    if (!body) return;
    await saveAntiPhishing(body.phrase);
    setPhrase('');
    showSuccess(t('security.phraseSaved'));
  };

  const hint = user.anti_phishing_hint;
  return (
    <div className="page-body">
      <section className="card form-card">
        <p className="security-explain">{t('security.phraseExplain')}</p>
        <Field readOnly label={t('security.phraseCurrent')}>
          <span className="field-text mono" data-testid="phrase-state">
            {hint ?? t('security.phraseOff')}
          </span>
        </Field>
        <Field
          name="phrase"
          label={hint ? t('security.phraseNew') : t('security.phrase')}
          error={error}
          note={t('security.phraseRule')}
        >
          <Input
            value={phrase}
            onChange={(v) => {
              setPhrase(v);
              setError(undefined);
            }}
            maxLength={ANTI_PHISHING_MAX + 8}
            placeholder={t('security.phrasePlaceholder')}
            clearable
            aria-label={t('security.phrase')}
          />
        </Field>
        <SubmitButton onSubmit={save}>{hint ? t('security.phraseChange') : t('security.phraseSet')}</SubmitButton>
        {hint && (
          <Button block shape="rounded" size="large" fill="none" color="danger" loading={remove.loading} onClick={remove.run}>
            {t('security.phraseRemove')}
          </Button>
        )}
      </section>
    </div>
  );
}
