import { ROUTES } from '@c2c/shared';
import TabBar from 'antd-mobile/es/components/tab-bar';
import { AppOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { SwapIcon } from '../components/icons';
import { switchTab } from '../lib/navigation';

export function AppTabBar({ path }: { path: string }) {
  const { t } = useTranslation();
  const tabs = [
    { key: ROUTES.home, title: t('tab.home'), icon: <AppOutline /> },
    { key: ROUTES.hall, title: t('tab.hall'), icon: <SwapIcon /> },
    { key: ROUTES.orders, title: t('tab.orders'), icon: <UnorderedListOutline /> },
    { key: ROUTES.mine, title: t('tab.mine'), icon: <UserOutline /> },
  ];
  const active = path === ROUTES.homeIndex ? ROUTES.home : path;
  return (
    <nav className="app-tab-bar">
      <TabBar safeArea activeKey={active} onChange={switchTab}>
        {tabs.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={tab.title} />
        ))}
      </TabBar>
    </nav>
  );
}
