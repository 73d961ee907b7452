import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ko } from './ko';

/**
 * Korean only. `allowMissing`: labels written in Korean directly (tab names, page texts) go through
 * react-admin's translate too and must come back as they are, without a console warning.
 */
export const i18nProvider = polyglotI18nProvider(() => ko, 'ko', [{ locale: 'ko', name: '한국어' }], {
  allowMissing: true,
});
