import fc from 'fast-check';
import { sameOriginPath } from './same-origin-path';

const origin = 'https://app.example';

/** Whatever comes back opens on this origin, as a browser and a router would read it. */
function expectSameOrigin(path: string) {
  expect(path).toMatch(/^\/(?![/\\])/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must be gone
  expect(path).not.toMatch(/[\u0000-\u001f\u007f\\]/);
  for (const from of [origin, `${origin}/sns-login`, `${origin}/a/b/c/`])
    expect(new URL(path, from).origin).toBe(origin);
  // Normalised already: checking it again changes nothing.
  expect(sameOriginPath(path)).toBe(path);
}

describe('sameOriginPath', () => {
  it('keeps a path of this origin with its query and fragment', () => {
    expect(sameOriginPath('/dashboard/usergroup?page=2#top')).toBe('/dashboard/usergroup?page=2#top');
    expect(sameOriginPath('/dashboard/./mydesign/../shared')).toBe('/dashboard/shared');
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    '//evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/%2e//evil.example',
    '/a/..//evil.example',
    '/..//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\u0000',
    'https://evil.example/',
    'javascript:alert(1)',
    ' /dashboard',
  ])('refuses %p', (hostile) => {
    expect(sameOriginPath(hostile)).toBeNull();
  });

  it('answers a same-origin path starting with a single slash, or nothing, whatever it is given', () => {
    const piece = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '%09',
      '@',
      ':',
      '?',
      '#',
      'evil.example',
      'http:',
      'https://evil.example',
      'javascript:',
      '\t',
      '\n',
      '\r',
      '\u0000',
      '\u007f',
      ' ',
      'a',
      '가',
    );
    const hostile = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(hostile, (input) => {
        const path = sameOriginPath(input);
        if (path !== null) expectSameOrigin(path);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.string(), (input) => {
        const path = sameOriginPath(`/${input}`);
        if (path !== null) expectSameOrigin(path);
      }),
      { numRuns: 2000 },
    );
  });
});
