import NavBar from 'antd-mobile/es/components/nav-bar';
import { goBack } from '../lib/navigation';

interface Props {
  title: string;
  /** Where back leads when the page is the first one of the visit. */
  fallback: string;
  back: boolean;
}

export function AppNavBar({ title, fallback, back }: Props) {
  return (
    <header className="app-nav-bar">
      <NavBar backIcon={back} onBack={() => goBack(fallback)}>
        {title}
      </NavBar>
    </header>
  );
}
