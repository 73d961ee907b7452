import type { I18nProvider } from 'react-admin';
import { ko } from './ko';

/** Every leaf of the messages as its dotted key ("ra.action.save"), as react-admin asks for it. */
function flatten(tree: object, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(dotted, value);
    else if (typeof value === 'object' && value !== null) flatten(value, dotted, into);
  }
  return into;
}

const phrases = flatten(ko, '', new Map());

/**
 * A message with its `%{name}` variables filled in. A key without a message gives the `_` option
 * (react-admin's own default sentence) or else the key itself: labels written in Korean directly
 * (tab names, page texts) go through react-admin's translate too and come back as they are. The
 * Korean messages have one plural form (ko.test.ts), so `smart_count` is a variable like the others.
 */
export function translate(key: string, options: Record<string, unknown> = {}): string {
  const phrase = phrases.get(key) ?? (typeof options._ === 'string' ? options._ : key);
  return phrase.replace(/%\{(\w+)\}/g, (token, name: string) =>
    options[name] === undefined || options[name] === null ? token : String(options[name]),
  );
}

/**
 * Korean only. Written here rather than with react-admin's Polyglot provider, whose package and
 * its polyfills are a tenth of the dashboard's own code, for what Korean needs of it: a lookup
 * and the variables.
 */
export const i18nProvider: I18nProvider = {
  translate: (key, options) => translate(key, options),
  changeLocale: async () => {},
  getLocale: () => 'ko',
  getLocales: () => [{ locale: 'ko', name: '한국어' }],
};
