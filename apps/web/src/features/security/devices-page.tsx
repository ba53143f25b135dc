import type { SessionInfo } from '@c2c/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { PageLoading } from '../../components/page-loading';
import { QueryError } from '../../components/query-error';
import { TimeText } from '../../components/time-text';
import { showDialog } from '../../lib/dialog';
import { showSuccess } from '../../lib/toast';
import { useGuardedAction } from '../../lib/use-guarded-action';
import { endOtherSessions, endSession, useSessions } from './api';

/** Asks before signing a device out; the ending action is marked as such. */
function confirmEnd(title: string, content: string, action: string, cancel: string) {
  return new Promise<boolean>((resolve, reject) => {
    void showDialog({
      title,
      content,
      closeOnAction: true,
      onClose: () => resolve(false),
      actions: [
        [
          { key: 'cancel', text: cancel, onClick: () => resolve(false) },
          { key: 'end', text: action, danger: true, bold: true, onClick: () => resolve(true) },
        ],
      ],
    }).catch(reject);
  });
}

function SessionRow({ session }: { session: SessionInfo }) {
  const { t } = useTranslation();
  const device = session.device || t('security.unknownDevice');
  const end = useGuardedAction(async () => {
    const ok = await confirmEnd(t('security.endTitle'), t('security.endText', { device }), t('security.end'), t('common.cancel'));
    if (!ok) return;
    await endSession(session.id);
    showSuccess(t('security.ended'));
  });
  return (
    <li className="record session-row" data-testid="session-row">
      <div className="session-text">
        <strong>{device}</strong>
        {session.current && <span className="session-current">{t('security.thisDevice')}</span>}
        <span className="muted">{t('security.address', { ip: session.ip || '--' })}</span>
        <span className="muted">
          {t('security.lastUsed')} <TimeText value={session.last_used_at} />
        </span>
        <span className="muted">
          {t('security.signedIn')} <TimeText value={session.created_at} />
        </span>
      </div>
      {!session.current && (
        <Button size="mini" shape="rounded" fill="outline" color="danger" loading={end.loading} onClick={end.run}>
          {t('security.end')}
        </Button>
      )}
    </li>
  );
}

/** The customer's signed-in devices: this one marked, any other signed out one by one or all at once. */
export function DevicesPage() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endAll = useGuardedAction(async () => {
    const ok = await confirmEnd(t('security.endAllTitle'), t('security.endAllText'), t('security.endAll'), t('common.cancel'));
    if (!ok) return;
    const n = await endOtherSessions();
    showSuccess(t('security.endedAll', { count: n }));
  });
  if (sessions.isPending) return <PageLoading />;
  if (sessions.isError) return <QueryError onRetry={() => void sessions.refetch()} />;
  const list = sessions.data;
  const others = list.filter((s) => !s.current).length;
  return (
    <div className="page-body">
      <p className="security-explain">{t('security.devicesExplain')}</p>
      {list.length === 0 ? (
        <EmptyState text={t('security.noSessions')} />
      ) : (
        <ul className="record-list card">
          {list.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </ul>
      )}
      {others === 0 ? (
        <p className="footnote">{t('security.noOtherSessions')}</p>
      ) : (
        <Button block shape="rounded" size="large" color="danger" fill="outline" loading={endAll.loading} onClick={endAll.run}>
          {t('security.endAll')}
        </Button>
      )}
    </div>
  );
}
