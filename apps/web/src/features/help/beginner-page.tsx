import { ROUTES } from '@c2c/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TKey } from '../../lib/i18n-keys';
import './help.css';

interface Section {
  id: string;
  title: TKey;
  steps: TKey[];
  links: { to: string; label: TKey }[];
}

/** The tutorial follows the app's real pages in the order a newcomer uses them; each section links to its pages. */
const SECTIONS: Section[] = [
  {
    id: 'recharge',
    title: 'beginner.recharge.title',
    steps: ['beginner.recharge.step1', 'beginner.recharge.step2', 'beginner.recharge.step3'],
    links: [{ to: ROUTES.recharge, label: 'beginner.goRecharge' }],
  },
  {
    id: 'merchant',
    title: 'beginner.merchant.title',
    steps: ['beginner.merchant.step1', 'beginner.merchant.step2', 'beginner.merchant.step3'],
    links: [{ to: ROUTES.hall, label: 'beginner.goHall' }],
  },
  {
    id: 'buy',
    title: 'beginner.buy.title',
    steps: ['beginner.buy.step1', 'beginner.buy.step2', 'beginner.buy.step3', 'beginner.buy.step4'],
    links: [
      { to: ROUTES.hall, label: 'beginner.goHall' },
      { to: ROUTES.orders, label: 'beginner.goOrders' },
    ],
  },
  {
    id: 'sell',
    title: 'beginner.sell.title',
    steps: ['beginner.sell.step1', 'beginner.sell.step2', 'beginner.sell.step3', 'beginner.sell.step4'],
    links: [{ to: ROUTES.listingCreate, label: 'beginner.goListing' }],
  },
  {
    id: 'wallet',
    title: 'beginner.wallet.title',
    steps: ['beginner.wallet.step1', 'beginner.wallet.step2', 'beginner.wallet.step3'],
    links: [{ to: ROUTES.wallet, label: 'beginner.goWallet' }],
  },
  {
    id: 'withdraw',
    title: 'beginner.withdraw.title',
    steps: ['beginner.withdraw.step1', 'beginner.withdraw.step2', 'beginner.withdraw.step3'],
    links: [
      { to: ROUTES.binding, label: 'beginner.goBinding' },
      { to: ROUTES.withdraw, label: 'beginner.goWithdraw' },
    ],
  },
];

export function BeginnerPage() {
  const { t } = useTranslation();
  return (
    <div className="page-body tutorial">
      <section className="card">
        <h2 className="card-title">{t('beginner.introTitle')}</h2>
        <p>{t('beginner.intro')}</p>
      </section>
      {SECTIONS.map((s, i) => (
        <section key={s.id} className="card" aria-labelledby={`tutorial-${s.id}`}>
          <h2 className="card-title" id={`tutorial-${s.id}`}>
            {i + 1}. {t(s.title)}
          </h2>
          <ol>
            {s.steps.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ol>
          <div className="step-links">
            {s.links.map((l) => (
              <Link key={l.label} href={l.to} className="text-link">
                {t(l.label)}
              </Link>
            ))}
          </div>
        </section>
      ))}
      <section className="card">
        <h2 className="card-title">{t('beginner.safetyTitle')}</h2>
        <p>{t('beginner.safety')}</p>
      </section>
    </div>
  );
}
