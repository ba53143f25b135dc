import Button from 'antd-mobile/es/components/button';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { Component, type ReactNode } from 'react';
import { i18n } from '../lib/i18n';

interface State {
  failed: boolean;
}

/** A page chunk that fails to load (offline, new deployment) or a page that crashes gets a reload button, not a blank screen. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page-error" role="alert">
        <ExclamationCircleOutline className="page-error-icon" />
        <h2>{i18n.t('common.loadFailed')}</h2>
        <p>{i18n.t('common.loadFailedHint')}</p>
        <Button color="primary" shape="rounded" onClick={() => location.reload()}>
          {i18n.t('common.reload')}
        </Button>
      </div>
    );
  }
}
