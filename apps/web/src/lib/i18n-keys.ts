import type en from '../locales/en.json';
import type pagesEn from '../locales/pages/en.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the default namespace, so tables of keys (titles, menus) are checked like `t()` calls. */
export type TKey = Leaves<typeof en> | Leaves<typeof pagesEn>;
