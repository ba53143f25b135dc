import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { goBack } from '../lib/navigation';

interface Props {
  title: string;
  /** Where back leads when the page is the first one of the visit. */
  fallback: string;
  back: boolean;
}

/**
 * The page's top bar: a named back button (when there is somewhere to go back to) and the title. Our own rather than
 * antd-mobile's NavBar, which always renders an unnamed `role="button"` on its left, even without a back arrow.
 */
export function AppNavBar({ title, fallback, back }: Props) {
  const { t } = useTranslation();
  return (
    <header className="app-nav-bar">
      <div className="nav-bar">
        <div className="nav-bar-side">
          {back && (
            <button type="button" className="nav-bar-back" aria-label={t('common.back')} onClick={() => goBack(fallback)}>
              <LeftOutline aria-hidden />
            </button>
          )}
        </div>
        {/* the title is the page's heading; pages without one (sign-up, reset) head themselves */}
        {title ? <h1 className="nav-bar-title">{title}</h1> : <div className="nav-bar-title" />}
        <div className="nav-bar-side" />
      </div>
    </header>
  );
}
