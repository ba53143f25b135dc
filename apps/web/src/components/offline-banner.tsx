import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(changed: () => void): () => void {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
}

/** Says so while the device is offline: the app shell still opens (service worker), but nothing new can load or be sent. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  return online ? null : (
    <div className="offline-banner" role="status">
      {t('common.offline')}
    </div>
  );
}
