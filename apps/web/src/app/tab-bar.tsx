import { API, ROUTES } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import TabBar from 'antd-mobile/es/components/tab-bar';
import { AppOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { SwapIcon } from '../components/icons';
import { api } from '../lib/api';
import { switchTab } from '../lib/navigation';
import { queryKeys } from '../lib/queries';

/** The Orders tab's badge: unread chat messages plus trades waiting for the user's step (live events refetch it). */
function useOrdersBadge(): number {
  const unread = useQuery({
    queryKey: queryKeys.tradeUnread,
    queryFn: () => api(API.tradeUnread, {}, { catch: true, toast: false }),
  }).data;
  return unread ? unread.messages + unread.actions : 0;
}

export function AppTabBar({ path }: { path: string }) {
  const { t } = useTranslation();
  const badge = useOrdersBadge();
  const tabs = [
    { key: ROUTES.home, title: t('tab.home'), icon: <AppOutline /> },
    { key: ROUTES.hall, title: t('tab.hall'), icon: <SwapIcon /> },
    { key: ROUTES.orders, title: t('tab.orders'), icon: <UnorderedListOutline />, badge: badge > 0 ? String(badge) : undefined },
    { key: ROUTES.mine, title: t('tab.mine'), icon: <UserOutline /> },
  ];
  const active = path === ROUTES.homeIndex ? ROUTES.home : path;
  return (
    <nav className="app-tab-bar">
      <TabBar safeArea activeKey={active} onChange={switchTab}>
        {tabs.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={tab.title} badge={'badge' in tab ? tab.badge : undefined} />
        ))}
      </TabBar>
    </nav>
  );
}
