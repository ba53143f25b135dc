import { ROUTES } from '@c2c/shared';
import {
  BankcardOutline,
  FileOutline,
  HistogramOutline,
  MessageOutline,
  QuestionCircleOutline,
  TeamOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { HistoryList } from '../../components/history-list';
import { WalletIcon } from '../../components/icons';
import { MoneyText } from '../../components/money-text';
import { CURRENCY } from '../../lib/money';
import { useMoney, usePublicConfig } from '../../lib/queries';

export function HomePage() {
  const { t } = useTranslation();
  const config = usePublicConfig().data;
  const money = useMoney().data;
  const name = config?.app_name || t('common.appName');
  const menu: { to: string; label: string; icon: ReactNode }[] = [
    { to: ROUTES.assetLog, label: t('home.fundLog'), icon: <HistogramOutline /> },
    { to: ROUTES.beginner, label: t('home.beginner'), icon: <QuestionCircleOutline /> },
    { to: ROUTES.promotion, label: t('home.invite'), icon: <UserAddOutline /> },
    { to: ROUTES.service, label: t('home.service'), icon: <MessageOutline /> },
    { to: ROUTES.property, label: t('home.assets'), icon: <WalletIcon /> },
    { to: ROUTES.team, label: t('home.team'), icon: <TeamOutline /> },
    { to: ROUTES.binding, label: t('home.binding'), icon: <BankcardOutline /> },
    { to: ROUTES.records, label: t('home.accountDetails'), icon: <FileOutline /> },
  ];
  return (
    <div className="home-page">
      <header className="home-header">
        <div className="brand">
          {config?.logo ? <img className="brand-logo" src={config.logo} alt="" /> : <span className="brand-mark">₮</span>}
          <span className="brand-name">{name}</span>
        </div>
      </header>
      <section className="banner">
        <h1>{t('home.bannerTitle')}</h1>
        <p>{t('home.bannerText')}</p>
        <div className="banner-balance">
          <span>{t('common.totalBalance')}</span>
          <strong>
            {money ? <MoneyText value={money.total} /> : '--'} <small>{CURRENCY}</small>
          </strong>
        </div>
        <Link href={ROUTES.hall} className="banner-action">
          {t('home.startTrading')}
        </Link>
      </section>
      <nav className="menu-grid card" aria-label={t('home.menu')}>
        {menu.map((item) => (
          <Link key={item.to} href={item.to} className="menu-item">
            <span className="menu-icon">{item.icon}</span>
            <span>{item.label}</span>
          </Link>
        ))}
      </nav>
      <HistoryList limit={5} />
      <section className="card home-steps">
        <h2 className="card-title">{t('home.howItWorks')}</h2>
        <ol>
          <li>{t('home.step1')}</li>
          <li>{t('home.step2')}</li>
          <li>{t('home.step3')}</li>
        </ol>
      </section>
    </div>
  );
}
