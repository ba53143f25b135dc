import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../lib/storage';

/**
 * A stored upload (a payment proof, a chat image): served only with the session header, which an <img> cannot send,
 * so it is fetched and shown from memory.
 */
export function UploadImage({ path, alt }: { path: string; alt: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ url?: string; failed?: boolean }>({});
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    const token = getToken();
    fetch(path, { headers: token ? { 'X-Access-Token': token } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (state.failed) return <span className="muted">{t('trade.imageFailed')}</span>;
  if (!state.url) return <span className="muted">{t('common.loading')}</span>;
  return (
    <a href={state.url} target="_blank" rel="noreferrer">
      <img className="upload-image" src={state.url} alt={alt} />
    </a>
  );
}
