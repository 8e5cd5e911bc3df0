import { APP_NAME_DEFAULT } from '../../shared/constants.ts';

/** The product title: the server writes APP_NAME into the page's application-name meta tag. */
export const appName: string =
  (typeof document !== 'undefined' &&
    document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content.trim()) ||
  APP_NAME_DEFAULT;
