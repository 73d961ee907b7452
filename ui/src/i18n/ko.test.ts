import { messages, userGroupLimits } from '@interior/contracts';
import englishMessages from 'ra-language-english';
import { ko } from './ko';

/** Every leaf of a messages tree as [dotted key, value]. */
function leaves(tree: unknown, prefix = ''): Array<[string, unknown]> {
  if (typeof tree !== 'object' || tree === null) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

const englishKeys = leaves(englishMessages.ra, 'ra').map(([key]) => key);
const koreanRa = new Map(leaves(ko.ra, 'ra'));

describe('ko messages', () => {
  it('cover every ra.* key of ra-language-english', () => {
    const missing = englishKeys.filter((key) => !koreanRa.has(key));
    expect(missing).toEqual([]);
    expect(englishKeys.length).toBeGreaterThan(150);
  });

  it('add no ra.* key that react-admin does not know', () => {
    const known = new Set(englishKeys);
    expect([...koreanRa.keys()].filter((key) => !known.has(key))).toEqual([]);
  });

  it('are non-empty strings in one plural form (polyglot groups ko with one form)', () => {
    for (const [key, value] of leaves(ko)) {
      expect({ key, type: typeof value }).toEqual({ key, type: 'string' });
      expect({ key, empty: (value as string).trim() === '' }).toEqual({ key, empty: false });
      expect({ key, plural: (value as string).includes('||||') }).toEqual({ key, plural: false });
    }
  });

  it('keep every interpolation variable that the English sentence always uses', () => {
    const variables = (text: string) => new Set(text.match(/%\{\w+\}/g) ?? []);
    // Plural variants use different variables; only those present in every variant are required.
    const alwaysUsed = (english: string) => {
      const [first = new Set<string>(), ...others] = english.split('||||').map(variables);
      return [...first].filter((v) => others.every((variant) => variant.has(v)));
    };
    const dropped = leaves(englishMessages.ra, 'ra').flatMap(([key, english]) => {
      const korean = variables(String(koreanRa.get(key)));
      return alwaysUsed(String(english))
        .filter((v) => !korean.has(v))
        .map((v) => `${key} ${v}`);
    });
    expect(dropped).toEqual([]);
  });

  it('word validation errors as the server does', () => {
    const validation = ko.ra.validation as Record<string, string>;
    expect(validation.required).toBe(messages.required);
    expect(validation.maxLength?.replace('%{max}', String(userGroupLimits.name))).toBe(
      messages.maxLength(userGroupLimits.name),
    );
    expect(validation.minLength?.replace('%{min}', '2')).toBe(messages.minLength(2));
  });

  it('name the user group resource and its fields', () => {
    expect(ko.resources).toMatchObject({
      usergroup: {
        name: '사용자 그룹',
        fields: {
          name: '이름',
          description: '설명',
          members: '구성원 수',
          registered: '등록일',
          registeredBy: '등록자',
          updated: '수정일',
          updatedBy: '수정자',
        },
      },
    });
  });
});
