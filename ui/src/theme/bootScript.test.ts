import vm from 'node:vm';
import { bootFrameAttribute, bootScript } from './bootScript';
import { paletteModeKey } from './mode';
import { paletteVariables } from './palette';

/** Runs the boot script against a stand-in of the page: its storage, its path and its root's style. */
function boot(options: { stored?: string; storageFails?: boolean; pathname: string }) {
  const properties: Record<string, string> = {};
  const attributes: Record<string, string> = {};
  const root = {
    style: {
      colorScheme: '',
      setProperty: (name: string, value: string) => {
        properties[name] = value;
      },
    },
    setAttribute: (name: string, value: string) => {
      attributes[name] = value;
    },
  };
  const localStorage = {
    getItem: (key: string) => {
      if (options.storageFails) throw new Error('SecurityError');
      return key === paletteModeKey ? (options.stored ?? null) : null;
    },
  };
  vm.runInNewContext(bootScript(), {
    document: { documentElement: root },
    localStorage,
    location: { pathname: options.pathname },
  });
  return { properties, attributes, colorScheme: root.style.colorScheme };
}

describe('the boot script', () => {
  it('applies the saved palette as the app does', () => {
    const dark = boot({ stored: 'dark', pathname: '/' });
    expect(dark.properties).toEqual(paletteVariables('dark'));
    expect(dark.colorScheme).toBe('dark');
    expect(boot({ stored: 'purple', pathname: '/' }).properties).toEqual(paletteVariables('light'));
  });

  it('falls back to the light palette when storage refuses access', () => {
    const refused = boot({ storageFails: true, pathname: '/' });
    expect(refused.properties).toEqual(paletteVariables('light'));
    expect(refused.colorScheme).toBe('light');
  });

  it('marks the root for the static frame on /login only', () => {
    expect(boot({ pathname: '/login' }).attributes).toEqual({ [bootFrameAttribute]: 'login' });
    expect(boot({ pathname: '/login/' }).attributes).toEqual({ [bootFrameAttribute]: 'login' });
    expect(boot({ pathname: '/login-help' }).attributes).toEqual({});
    expect(boot({ pathname: '/dashboard/mydesign' }).attributes).toEqual({});
  });
});
