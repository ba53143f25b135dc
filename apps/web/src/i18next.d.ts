import type { ErrorKey } from '@c2c/shared';
import type en from './locales/en.json';
import type tradeEn from './locales/trade/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof tradeEn; errors: Record<ErrorKey, string> };
  }
}
