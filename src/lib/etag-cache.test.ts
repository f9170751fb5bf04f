import { describe, expect, it } from 'vitest';
import { EtagCache, type CachedBody } from './etag-cache';

function body(etag: string): CachedBody {
  return { etag: `"${etag}"`, body: `{"v":"${etag}"}`, contentType: 'application/json' };
}

describe('EtagCache', () => {
  it('returns what was stored per URL', () => {
    const cache = new EtagCache();
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/a', body('1'));
    cache.set('/b', body('2'));
    expect(cache.get('/a')).toEqual(body('1'));
    expect(cache.get('/b')).toEqual(body('2'));
    expect(cache.size).toBe(2);
  });

  it('replaces an entry for the same URL', () => {
    const cache = new EtagCache();
    cache.set('/a', body('1'));
    cache.set('/a', body('2'));
    expect(cache.get('/a')).toEqual(body('2'));
    expect(cache.size).toBe(1);
  });

  it('evicts the least recently used entry beyond its capacity', () => {
    const cache = new EtagCache(2);
    cache.set('/a', body('1'));
    cache.set('/b', body('2'));
    cache.set('/c', body('3'));
    expect(cache.size).toBe(2);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toEqual(body('2'));
    expect(cache.get('/c')).toEqual(body('3'));
  });

  it('counts a read as a use', () => {
    const cache = new EtagCache(2);
    cache.set('/a', body('1'));
    cache.set('/b', body('2'));
    cache.get('/a');
    cache.set('/c', body('3'));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toEqual(body('1'));
  });

  it('counts a rewrite as a use', () => {
    const cache = new EtagCache(2);
    cache.set('/a', body('1'));
    cache.set('/b', body('2'));
    cache.set('/a', body('1b'));
    cache.set('/c', body('3'));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toEqual(body('1b'));
  });

  it('holds 200 entries by default', () => {
    const cache = new EtagCache();
    for (let index = 0; index < 250; index += 1) cache.set(`/item/${index}`, body(String(index)));
    expect(cache.size).toBe(200);
    expect(cache.get('/item/49')).toBeUndefined();
    expect(cache.get('/item/50')).toEqual(body('50'));
  });

  it('clears', () => {
    const cache = new EtagCache();
    cache.set('/a', body('1'));
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('/a')).toBeUndefined();
  });
});
