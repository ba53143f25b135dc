import { ROUTES } from '@c2c/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function BeginnerPage() {
  const { t } = useTranslation();
  return (
    <div className="page-body tutorial">
      <section className="card">
        <h2 className="card-title">{t('beginner.introTitle')}</h2>
        <p>{t('beginner.intro')}</p>
      </section>
      <section className="card">
        <h2 className="card-title">{t('beginner.rechargeTitle')}</h2>
        <ol>
          <li>{t('beginner.recharge1')}</li>
          <li>{t('beginner.recharge2')}</li>
          <li>{t('beginner.recharge3')}</li>
        </ol>
        <Link href={ROUTES.recharge} className="text-link">
          {t('beginner.goRecharge')}
        </Link>
      </section>
      <section className="card">
        <h2 className="card-title">{t('beginner.tradeTitle')}</h2>
        <ol>
          <li>{t('beginner.trade1')}</li>
          <li>{t('beginner.trade2')}</li>
          <li>{t('beginner.trade3')}</li>
        </ol>
      </section>
      <section className="card">
        <h2 className="card-title">{t('beginner.withdrawTitle')}</h2>
        <ol>
          <li>{t('beginner.withdraw1')}</li>
          <li>{t('beginner.withdraw2')}</li>
          <li>{t('beginner.withdraw3')}</li>
        </ol>
        <Link href={ROUTES.binding} className="text-link">
          {t('beginner.goBinding')}
        </Link>
      </section>
      <section className="card">
        <h2 className="card-title">{t('beginner.safetyTitle')}</h2>
        <p>{t('beginner.safety')}</p>
      </section>
    </div>
  );
}
