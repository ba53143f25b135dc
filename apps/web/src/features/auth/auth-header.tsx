import { GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/language-picker';
import { usePublicConfig } from '../../lib/queries';

/** Brand block of the sign-in screens, with the language globe (a visitor may need another language before signing in). */
export function AuthHeader({ title, subtitle }: { title: string; subtitle: string }) {
  const { t } = useTranslation();
  const [picker, setPicker] = useState(false);
  const config = usePublicConfig().data;
  const name = config?.app_name || t('common.appName');
  return (
    <div className="auth-header">
      <div className="auth-topline">
        <div className="brand">
          {config?.logo ? <img className="brand-logo" src={config.logo} alt="" /> : <span className="brand-mark">₮</span>}
          <span className="brand-name">{name}</span>
        </div>
        <button type="button" className="icon-button globe" aria-label={t('language.title')} onClick={() => setPicker(true)}>
          <GlobalOutline />
        </button>
      </div>
      <h1>{title}</h1>
      <p>{subtitle}</p>
      <LanguagePicker visible={picker} onClose={() => setPicker(false)} />
    </div>
  );
}
