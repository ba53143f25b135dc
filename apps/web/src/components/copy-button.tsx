import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard';
import { showSuccess, showToast } from '../lib/toast';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(text)) showSuccess(t('common.copySuccess'));
    else showToast(t('common.copyFailed'));
  };
  return (
    <Button size="mini" color="primary" fill="outline" shape="rounded" onClick={copy} disabled={!text}>
      {label ?? t('common.copy')}
    </Button>
  );
}
