import polyglotI18nProvider from 'ra-i18n-polyglot';
import { translate } from './i18nProvider';
import { ko } from './ko';

/** Every leaf of a messages tree as a dotted key. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

// The provider react-admin offers, as the dashboard used it before: the reference for ours.
const polyglot = polyglotI18nProvider(() => ko, 'ko', [{ locale: 'ko', name: '한국어' }], {
  allowMissing: true,
});

describe('translate', () => {
  it('gives every Korean message as Polyglot does, its variables filled in', () => {
    const options = { smart_count: 3, name: '제품', item: '의자', page: 2, field: '이름', _: '기본' };
    const all = keys(ko);
    expect(all.length).toBeGreaterThan(150);
    for (const key of all)
      expect({ key, text: translate(key, options) }).toEqual({ key, text: polyglot.translate(key, options) });
  });

  it('gives a key without a message back as it is, or react-admin default sentence when it passes one', () => {
    expect(translate('기본 정보')).toBe('기본 정보');
    expect(translate('resources.nothing.name', { _: '%{smart_count}개', smart_count: 2 })).toBe('2개');
    expect(polyglot.translate('resources.nothing.name', { _: '%{smart_count}개', smart_count: 2 })).toBe(
      '2개',
    );
  });

  it('leaves a variable it is not given in place', () => {
    expect(translate('ra.action.create_item')).toBe(polyglot.translate('ra.action.create_item'));
    expect(translate('ra.action.create_item')).toContain('%{item}');
  });
});
