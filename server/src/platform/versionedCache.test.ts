import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versionedCache.ts';

describe('VersionedCache', () => {
  it('loads once per key and version, and a newer version drops every entry', async () => {
    const cache = new VersionedCache<string>(10);
    let loads = 0;
    const load = (value: string) => () => Promise.resolve(`${value}#${++loads}`);
    expect(await cache.get(1, 'a', load('a'))).toBe('a#1');
    expect(await cache.get(1, 'a', load('a'))).toBe('a#1');
    expect(await cache.get(2, 'a', load('a'))).toBe('a#2');
    expect(await cache.get(2, 'a', load('a'))).toBe('a#2');
  });

  it('answers a request of an older version fresh, without replacing the current entries', async () => {
    const cache = new VersionedCache<string>(10);
    await cache.get(5, 'k', () => Promise.resolve('current'));
    expect(await cache.get(4, 'k', () => Promise.resolve('older'))).toBe('older');
    expect(await cache.get(5, 'k', () => Promise.resolve('unused'))).toBe('current');
  });

  it('drops the entry unused for longest when full', async () => {
    const cache = new VersionedCache<string>(2);
    await cache.get(1, 'a', () => Promise.resolve('a'));
    await cache.get(1, 'b', () => Promise.resolve('b'));
    await cache.get(1, 'a', () => Promise.resolve('a again')); // a is now the most recent
    await cache.get(1, 'c', () => Promise.resolve('c')); // drops b
    expect(await cache.get(1, 'a', () => Promise.resolve('reloaded'))).toBe('a');
    expect(await cache.get(1, 'b', () => Promise.resolve('b reloaded'))).toBe('b reloaded');
  });

  it('does not keep a failed load', async () => {
    const cache = new VersionedCache<string>(10);
    await expect(cache.get(1, 'k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get(1, 'k', () => Promise.resolve('recovered'))).toBe('recovered');
  });
});
