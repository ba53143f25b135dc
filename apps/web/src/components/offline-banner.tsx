import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isServerReachable, onServerReachableChange } from '../lib/connection';

function subscribe(changed: () => void): () => void {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  const stop = onServerReachableChange(changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
    stop();
  };
}

/**
 * Says so while the device is offline or the server cannot be reached: the app shell still opens (service worker), but
 * nothing new can load or be sent.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, () => navigator.onLine && isServerReachable());
  return online ? null : (
    <div className="offline-banner" role="status">
      {t('common.offline')}
    </div>
  );
}
