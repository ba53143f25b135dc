import { ROUTES, type TeamLevel } from '@c2c/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import { PagedList } from '../../components/paged-list';
import { Stat } from '../../components/stat';
import { SummaryCard } from '../../components/summary-card';
import { CapsuleTabs } from '../../components/tabs';
import { TimeText } from '../../components/time-text';
import { navigate } from '../../lib/navigation';
import { useUser } from '../../lib/queries';
import { useTeamList, useTeamTongji } from './api';
import './team.css';

const FILTERS = ['all', '1', '2', '3'] as const;

export function TeamPage() {
  const { t } = useTranslation();
  const user = useUser().data;
  const tongji = useTeamTongji().data;
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const level = filter === 'all' ? null : (Number(filter) as TeamLevel);
  const list = useTeamList(level);
  // members carry no id: their place in the list keys them (the list only grows at its end while paging)
  const members = { ...list, data: list.data?.map((m, i) => ({ ...m, n: i })) };
  return (
    <div className="page-body team-page">
      <SummaryCard label={t('team.size')} value={tongji ? tongji.team_size : '--'}>
        <Stat label={t('team.level1')} value={tongji ? tongji.level1 : null} />
        <Stat label={t('team.level2')} value={tongji ? tongji.level2 : null} />
        <Stat label={t('team.level3')} value={tongji ? tongji.level3 : null} />
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
      <section className="card team-members">
        <h2 className="card-title padded">{t('team.members')}</h2>
        <CapsuleTabs
          label={t('team.filterByLevel')}
          activeKey={filter}
          onChange={setFilter}
          items={FILTERS.map((f) => ({ key: f, title: f === 'all' ? t('team.all') : t(`team.level${f}`) }))}
        >
          <PagedList
            query={members}
            empty={filter === 'all' ? t('team.empty') : t('team.emptyLevel')}
            itemKey={(m) => m.n}
            renderItem={(m) => (
              <div className="record-line team-member">
                <span className="mono">{m.name}</span>
                <span className="team-level">{t(`team.level${m.level}`)}</span>
                <span className="muted">
                  <TimeText value={m.joined_at} />
                </span>
              </div>
            )}
          />
        </CapsuleTabs>
      </section>
    </div>
  );
}
