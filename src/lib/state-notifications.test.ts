import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_MS, noticesFor, type FollowedThing } from './state-notifications';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const time = (at: number) => new Date(at).toISOString().slice(11, 16);
const exportThing = (state: string, extra: Partial<FollowedThing> = {}): FollowedThing => ({
  key: 'org/octo-org/migration/42',
  label: 'Export 42 of octo-org',
  state,
  terminal: state === 'exported' || state === 'failed',
  ...extra,
});

describe('noticesFor', () => {
  it('tells when something seen running reaches its end', () => {
    const previous = new Map([['org/octo-org/migration/42', 'exporting']]);
    const { notices } = noticesFor(previous, [exportThing('failed')], NOW, new Set(), time);
    expect(notices.map(({ tag, title }) => ({ tag, title }))).toEqual([
      { tag: 'org/octo-org/migration/42#failed', title: 'Export 42 of octo-org: failed' },
    ]);
  });

  it('says nothing about things first seen already finished, or still running', () => {
    expect(noticesFor(new Map(), [exportThing('failed')], NOW, new Set(), time).notices).toEqual([]);
    const previous = new Map([['org/octo-org/migration/42', 'pending']]);
    expect(noticesFor(previous, [exportThing('exporting')], NOW, new Set(), time).notices).toEqual([]);
  });

  it('warns once when an archive is deleted within the hour, with the time', () => {
    const soon = exportThing('exported', { expiresAt: NOW + EXPIRY_WARNING_MS - 60_000 });
    const first = noticesFor(new Map(), [soon], NOW, new Set(), time);
    expect(first.warned).toEqual(['org/octo-org/migration/42']);
    expect(first.notices[0]).toMatchObject({ title: 'Export 42 of octo-org: archive deleted soon' });
    expect(first.notices[0]!.body).toContain('10:59');
    expect(noticesFor(new Map(), [soon], NOW, new Set(first.warned), time).notices).toEqual([]);
  });

  it('does not warn about archives with more than an hour left, or already gone', () => {
    const later = exportThing('exported', { expiresAt: NOW + EXPIRY_WARNING_MS + 1 });
    const gone = exportThing('exported', { expiresAt: NOW - 1 });
    expect(noticesFor(new Map(), [later, gone], NOW, new Set(), time).notices).toEqual([]);
  });
});
