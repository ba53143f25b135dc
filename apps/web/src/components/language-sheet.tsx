import { API, LANG_NAMES, LANGS, type Lang } from '@c2c/shared';
import { CheckList, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { confirm } from '../lib/dialog';
import { currentLang } from '../lib/i18n';
import { getToken, setStoredLang, setUserInfo } from '../lib/storage';

interface Props {
  visible: boolean;
  onClose: () => void;
}

/** The bottom language popup; a change asks first, because applying it restarts the app (spec §1). */
export function LanguageSheet({ visible, onClose }: Props) {
  const { t } = useTranslation();
  const active = currentLang();
  const choose = async (lang: Lang) => {
    if (lang === active) return onClose();
    const ok = await confirm({
      content: t('language.restartConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    if (getToken()) {
      // The account's language follows the app's, so mails and notices arrive in it; if it cannot be stored, nothing changes.
      const saved = await api(API.setLang, { lang }, { catch: true }).catch(() => null);
      if (!saved) return;
      setUserInfo(saved);
    }
    setStoredLang(lang);
    location.reload();
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" showCloseButton>
      <h3 className="sheet-title">{t('language.title')}</h3>
      {/* tapping the checked language unchecks it (an empty value): that is choosing it again, which closes the popup */}
      <CheckList value={[active]} onChange={(v) => choose((v[0] as Lang | undefined) ?? active)}>
        {LANGS.map((lang) => (
          <CheckList.Item key={lang} value={lang}>
            <span lang={lang}>{LANG_NAMES[lang]}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    </Popup>
  );
}
