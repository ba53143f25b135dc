import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Marks a screen whose service is not open yet, so its form is visibly inactive rather than silently broken. */
export function ComingSoon() {
  const { t } = useTranslation();
  return <NoticeBar className="coming-soon" color="info" content={t('common.notAvailableHint')} wrap />;
}
