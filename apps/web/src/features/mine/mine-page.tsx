import { LANG_NAMES, ROUTES } from '@c2c/shared';
import { Button, List, Switch } from 'antd-mobile';
import {
  CheckShieldOutline,
  DownlandOutline,
  GlobalOutline,
  LockOutline,
  SetOutline,
  UnorderedListOutline,
  UploadOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CoinsIcon, WalletIcon } from '../../components/icons';
import { LanguagePicker } from '../../components/language-picker';
import { MenuItem } from '../../components/menu-item';
import { MoneyValue } from '../../components/money-value';
import { Stat } from '../../components/stat';
import { confirm } from '../../lib/dialog';
import { currentLang } from '../../lib/i18n';
import { switchTab } from '../../lib/navigation';
import { useMoney, useUser } from '../../lib/queries';
import { applyTheme, getTheme, otherTheme } from '../../lib/theme';
import { showSuccess } from '../../lib/toast';
import { logout } from './api';

export function MinePage() {
  const { t } = useTranslation();
  const user = useUser().data;
  const money = useMoney().data;
  const [picker, setPicker] = useState(false);
  const [theme, setTheme] = useState(getTheme);

  const switchTheme = () => {
    const next = otherTheme(theme);
    if (!applyTheme(next)) return;
    setTheme(next);
    showSuccess(t('mine.themeSwitched'));
  };

  const confirmLogout = async () => {
    const ok = await confirm({
      content: t('mine.logoutConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await logout().catch(() => undefined);
    switchTab(ROUTES.login);
  };

  const shortcuts = [
    { to: ROUTES.wallet, label: t('mine.wallet'), icon: <CoinsIcon /> },
    { to: ROUTES.recharge, label: t('mine.recharge'), icon: <DownlandOutline /> },
    { to: ROUTES.withdraw, label: t('mine.withdraw'), icon: <UploadOutline /> },
    { to: ROUTES.orders, label: t('mine.order'), icon: <UnorderedListOutline /> },
  ];

  return (
    <div className="mine-page">
      {/* a tab page without a nav bar: its heading is for screen readers, the profile card shows whose page it is */}
      <h1 className="visually-hidden">{t('tab.mine')}</h1>
      <header className="profile-card">
        <div className="avatar" aria-hidden>
          <UserOutline />
        </div>
        <div className="profile-text">
          <div className="profile-name">
            <strong>{user?.nickname || user?.email || '--'}</strong>
            {user && <span className="vip-badge">{t('mine.vip', { level: user.vip_level })}</span>}
          </div>
          <span className="profile-email">{user?.email}</span>
        </div>
      </header>
      <section className="summary-card">
        <span className="summary-label">{t('mine.balance')}</span>
        <strong className="summary-value">
          <MoneyValue value={money?.balance} />
        </strong>
        <div className="summary-row">
          <Stat label={t('mine.frozen')} value={money ? <MoneyValue value={money.frozen} /> : null} />
          <Stat label={t('mine.escrow')} value={money ? <MoneyValue value={money.escrow} /> : null} />
          <Stat label={t('mine.interest')} value={money ? <MoneyValue value={money.interest} /> : null} />
        </div>
      </section>
      <div className="shortcut-row card">
        {shortcuts.map((s) => (
          <Link
            key={s.to}
            href={s.to}
            className="menu-item"
            onClick={(e) => {
              // Orders is a tab: open it as one instead of stacking it on My.
              if (s.to === ROUTES.orders) {
                e.preventDefault();
                switchTab(ROUTES.orders);
              }
            }}
          >
            <span className="menu-icon">{s.icon}</span>
            <span>{s.label}</span>
          </Link>
        ))}
      </div>
      <List className="card menu-list">
        <MenuItem prefix={<UserOutline />} to={ROUTES.personalInfo}>
          {t('mine.personalInfo')}
        </MenuItem>
        <MenuItem prefix={<WalletIcon />} to={ROUTES.property}>
          {t('mine.assets')}
        </MenuItem>
        <MenuItem prefix={<CheckShieldOutline />} to={ROUTES.proof}>
          {t('mine.proof')}
        </MenuItem>
        <MenuItem prefix={<LockOutline />} to={ROUTES.security}>
          {t('mine.security')}
        </MenuItem>
        <MenuItem prefix={<GlobalOutline />} extra={LANG_NAMES[currentLang()]} onClick={() => setPicker(true)}>
          {t('mine.language')}
        </MenuItem>
        <List.Item
          prefix={<SetOutline />}
          extra={<Switch checked={theme === 'subject2'} onChange={switchTheme} aria-label={t('mine.theme')} />}
          arrowIcon={false}
          description={theme === 'subject1' ? t('mine.themeBlue') : t('mine.themeRed')}
        >
          {t('mine.theme')}
        </List.Item>
      </List>
      <Button block shape="rounded" size="large" className="logout-button" onClick={confirmLogout}>
        {t('mine.logout')}
      </Button>
      <LanguagePicker visible={picker} onClose={() => setPicker(false)} />
    </div>
  );
}
