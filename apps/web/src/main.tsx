import 'antd-mobile/es/global';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstPage } from './app/layout';
import { initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/pwa';
import { applyTheme, getTheme } from './lib/theme';

applyTheme(getTheme());
registerServiceWorker();
preloadFirstPage();

initI18n().then(() => {
  const root = document.getElementById('root');
  if (root)
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
});
