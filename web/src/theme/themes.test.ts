import { describe, expect, it, vi } from 'vitest';
import { antdTheme, DEFAULT_COLOR, getTheme, resolveDefaultTheme, THEMES } from './themes.ts';

describe('themes', () => {
  it('offers seven themes with green #00693e as the default', () => {
    expect(THEMES.map((t) => t.name)).toEqual(['green', 'red', 'lan', 'blue', 'zi', 'hui', 'org']);
    expect(getTheme(undefined).primary).toBe('#00693e');
    expect(DEFAULT_COLOR).toBe('#00693e');
    expect(antdTheme(getTheme('blue')).token?.colorPrimary).toBe(getTheme('blue').primary);
    expect(antdTheme(getTheme('blue'), '#123456').token?.colorPrimary).toBe('#123456');
    // The system's reduced-motion setting turns the animations off; otherwise Ant Design's default stays.
    expect(antdTheme(getTheme('blue'), undefined, true).token?.motion).toBe(false);
    expect(antdTheme(getTheme('blue')).token?.motion).toBeUndefined();
  });

  it('accepts the configured names red, lan, blue, zi, hui, org', () => {
    const warn = vi.fn();
    for (const name of ['red', 'lan', 'blue', 'zi', 'hui', 'org']) expect(resolveDefaultTheme(name, warn)).toBe(name);
    expect(resolveDefaultTheme('', warn)).toBe('green');
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns on the console and falls back to green for an unknown default theme', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(resolveDefaultTheme('orange')).toBe('green');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('orange');
    warn.mockRestore();
  });
});
