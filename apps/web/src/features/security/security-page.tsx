import { ROUTES } from '@c2c/shared';
import { List } from 'antd-mobile';
import { LockOutline, MailOutline, PhonebookOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { MenuItem } from '../../components/menu-item';
import { useUser } from '../../lib/queries';

/** The security hub: two-factor sign-in, the signed-in devices and the anti-phishing phrase. */
export function SecurityPage() {
  const { t } = useTranslation();
  const user = useUser().data;
  return (
    <div className="page-body">
      <List className="card menu-list">
        <MenuItem
          prefix={<LockOutline />}
          description={t('security.twoFactorHint')}
          extra={user ? (user.totp_enabled ? t('security.twoFactorOn') : t('security.twoFactorOff')) : null}
          to={ROUTES.securityTwoFactor}
        >
          {t('security.twoFactor')}
        </MenuItem>
        <MenuItem prefix={<PhonebookOutline />} description={t('security.devicesHint')} to={ROUTES.securityDevices}>
          {t('security.devices')}
        </MenuItem>
        <MenuItem
          prefix={<MailOutline />}
          description={t('security.antiPhishingHint')}
          extra={user ? (user.anti_phishing_hint ? t('security.phraseOn') : t('security.phraseOff')) : null}
          to={ROUTES.securityAntiPhishing}
        >
          {t('security.antiPhishing')}
        </MenuItem>
      </List>
    </div>
  );
}
