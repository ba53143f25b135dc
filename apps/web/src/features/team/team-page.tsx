import { ROUTES } from '@c2c/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import { ListTable } from '../../components/list-table';
import { Stat } from '../../components/stat';
import { SummaryCard } from '../../components/summary-card';
import { navigate } from '../../lib/navigation';
import { useUser } from '../../lib/queries';

export function TeamPage() {
  const { t } = useTranslation();
  const user = useUser().data;
  return (
    <div className="page-body">
      <SummaryCard label={t('team.size')} value="--">
        <Stat label={t('team.level1')} value={null} />
        <Stat label={t('team.level2')} value={null} />
        <Stat label={t('team.level3')} value={null} />
      </SummaryCard>
      <section className="card invite-strip">
        <div>
          <span className="muted">{t('team.myCode')}</span>
          <strong className="mono">{user?.invite_code ?? '--'}</strong>
        </div>
        {user && <CopyButton text={user.invite_code} />}
        <Button color="primary" shape="rounded" size="small" onClick={() => navigate(ROUTES.promotion)}>
          {t('team.inviteFriends')}
        </Button>
      </section>
      <div className="card">
        <h2 className="card-title padded">{t('team.members')}</h2>
        <ListTable columns={[t('team.member'), t('team.level'), t('team.joined')]} empty={t('team.empty')} />
      </div>
    </div>
  );
}
