import type { ErrorKey } from '@c2c/shared';
import type en from './locales/en.json';
import type pagesEn from './locales/pages/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof pagesEn; errors: Record<ErrorKey, string> };
  }
}
