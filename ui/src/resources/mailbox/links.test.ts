import { splitLinks } from './links';

describe('splitLinks', () => {
  it('makes http(s) links clickable and keeps the rest as text', () => {
    expect(
      splitLinks('비밀번호를 설정하세요: http://localhost:3402/reset-password?token=a.b-c_d.\n감사합니다.'),
    ).toEqual([
      { kind: 'text', text: '비밀번호를 설정하세요: ' },
      {
        kind: 'link',
        text: 'http://localhost:3402/reset-password?token=a.b-c_d',
        href: 'http://localhost:3402/reset-password?token=a.b-c_d',
      },
      { kind: 'text', text: '.\n감사합니다.' },
    ]);
  });

  it('leaves markup and other schemes as plain text', () => {
    expect(splitLinks('<a href="javascript:alert(1)">x</a>')).toEqual([
      { kind: 'text', text: '<a href="javascript:alert(1)">x</a>' },
    ]);
    expect(splitLinks('')).toEqual([]);
    expect(splitLinks('(https://example.com/a)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: ')' },
    ]);
  });
});
