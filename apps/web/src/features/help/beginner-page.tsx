import { ROUTES } from '@c2c/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TKey } from '../../lib/i18n-keys';
import './help.css';

interface Section {
  id: 'recharge' | 'merchant' | 'buy' | 'sell' | 'wallet' | 'withdraw';
  steps: number;
  links: { to: string; label: TKey }[];
}

/** The tutorial follows the app's real pages in the order a newcomer uses them; each section links to its pages. */
const SECTIONS: Section[] = [
  { id: 'recharge', steps: 3, links: [{ to: ROUTES.recharge, label: 'beginner.goRecharge' }] },
  { id: 'merchant', steps: 3, links: [{ to: ROUTES.hall, label: 'beginner.goHall' }] },
  {
    id: 'buy',
    steps: 4,
    links: [
      { to: ROUTES.hall, label: 'beginner.goHall' },
      { to: ROUTES.orders, label: 'beginner.goOrders' },
    ],
  },
  { id: 'sell', steps: 4, links: [{ to: ROUTES.listingCreate, label: 'beginner.goListing' }] },
  { id: 'wallet', steps: 3, links: [{ to: ROUTES.wallet, label: 'beginner.goWallet' }] },
  {
    id: 'withdraw',
    steps: 3,
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
            {i + 1}. {t(`beginner.${s.id}.title`)}
          </h2>
          <ol>
            {Array.from({ length: s.steps }, (_, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the steps are fixed texts in a fixed order
              <li key={n}>{t(`beginner.${s.id}.step${n + 1}` as TKey)}</li>
            ))}
          </ol>
          <div className="step-links">
            {s.links.map((l) => (
              <Link key={l.to + l.label} href={l.to} className="text-link">
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
