import { Alert, Button, Image, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { fetchFile } from '../lib/api';

/** An image only an operator may load (a customer's upload), fetched with the session header and shown from memory. */
export function ProtectedImage({ path, alt }: { path: string; alt: string }) {
  const [attempt, setAttempt] = useState(0);
  return <Loader key={`${path}#${attempt}`} path={path} alt={alt} onRetry={() => setAttempt((n) => n + 1)} />;
}

type State = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; message: string };

function Loader({ path, alt, onRetry }: { path: string; alt: string; onRetry: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchFile(path, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url });
      },
      (error: Error) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: error.message });
      },
    );
    // The blob stays in memory until its URL is revoked: closing the view releases it.
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);

  if (state.status === 'loading') return <Skeleton.Image active style={{ width: 240, height: 240 }} />;
  if (state.status === 'failed')
    return (
      <Alert
        type="warning"
        showIcon
        title="The image could not be loaded"
        description={state.message}
        action={<Button onClick={onRetry}>Retry</Button>}
      />
    );
  return (
    <Image
      src={state.url}
      alt={alt}
      style={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 6 }}
    />
  );
}
