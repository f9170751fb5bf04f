import { describe, expect, it } from 'vitest';
import type { Wave } from '@/contracts/waves';
import { alertBody } from './alert-payload';
import { rateEvent, watchedEvent, waveEvents } from './alert-events';

const at = new Date('2026-11-25T10:00:00Z');

describe('alert events', () => {
  it('tell finished and failed exports and imports, nothing for states on the way', () => {
    expect(watchedEvent('migration', 'org/o/migration/1', 'exported', { guid: 'g' }, at)).toMatchObject({
      kind: 'export-finished',
      key: 'migration:org/o/migration/1:exported:g',
    });
    expect(watchedEvent('migration', 'org/o/migration/1', 'failed', {}, at)?.kind).toBe('export-failed');
    expect(watchedEvent('import', 'o/r', 'complete', {}, at)?.kind).toBe('import-finished');
    expect(watchedEvent('import', 'o/r', 'error', {}, at)?.kind).toBe('import-failed');
    expect(watchedEvent('migration', 'org/o/migration/1', 'exporting', {}, at)).toBeUndefined();
    expect(watchedEvent('import', 'o/r', 'auth_failed', {}, at)).toBeUndefined();
  });

  it('tell a wave finishing and each repository it isolates, once per happening', () => {
    const batch = (id: number, state: string, repos: string[]) => ({ id, state, repos });
    const before = {
      id: 'w1',
      state: 'running',
      owner: { kind: 'org', login: 'big-org' },
      isolated: [],
      batches: [batch(1, 'verified', ['a']), batch(2, 'exporting', ['b-broken'])],
    } as unknown as Wave;
    const after = {
      ...before,
      state: 'completed',
      isolated: ['b-broken'],
      batches: [batch(1, 'verified', ['a']), batch(2, 'isolated', ['b-broken'])],
    } as unknown as Wave;
    const events = waveEvents(before, after, at);
    expect(events.map((event) => [event.kind, event.key])).toEqual([
      ['wave-finished', 'wave:w1:completed'],
      ['batch-isolated', 'isolated:w1:2'],
    ]);
    expect(events[0]!.summary).toContain('1 of 2 batches verified');
    expect(waveEvents(after, after, at)).toEqual([]);
  });

  it('tell a wave stopped by a refused credential once, with GitHub’s reason', () => {
    const before = {
      id: 'w2',
      state: 'running',
      owner: { kind: 'org', login: 'octo-org' },
      isolated: [],
      batches: [{ id: 1, state: 'starting', repos: ['a'] }],
    } as unknown as Wave;
    const after = {
      ...before,
      state: 'stopped',
      batches: [
        {
          id: 1,
          state: 'queued',
          repos: ['a'],
          error: 'GitHub refused the credential: Resource not accessible.',
        },
      ],
    } as unknown as Wave;
    const [event] = waveEvents(before, after, at);
    expect(event).toMatchObject({ kind: 'wave-finished', key: 'wave:w2:stopped' });
    expect(event!.summary).toContain('Resource not accessible.');
    expect(waveEvents(after, after, at)).toEqual([]);
  });

  it('tell a low rate limit once per category and window, below the highest threshold only', () => {
    const reading = {
      at,
      resource: 'core',
      limit: 5_000,
      remaining: 400,
      used: 4_600,
      reset: at,
      source: 'poll' as const,
    };
    expect(rateEvent(reading)).toMatchObject({
      kind: 'rate-low',
      key: `rate-low:default:core:${new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString()}`,
      data: { percent: 8 },
    });
    // A reset moved within the hour (a hostile upstream moves it on every answer) is the same alert.
    const moved = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000 + 59 * 60_000);
    expect(rateEvent({ ...reading, reset: moved })?.key).toBe(rateEvent(reading)?.key);
    // `other` lumps unknown categories together: no one category's figures, no alert.
    expect(rateEvent({ ...reading, resource: 'other' })).toBeUndefined();
    expect(rateEvent({ ...reading, remaining: 4_000 })).toBeUndefined();
    expect(rateEvent({ ...reading, limit: 0 })).toBeUndefined();
  });

  it('send Slack its text and a block, and never HTML (Slack renders plain_text as text)', () => {
    const event = watchedEvent('migration', 'org/<b>o</b>/migration/1', 'exported', {}, at)!;
    const slack = JSON.parse(alertBody('slack', 'd-1', event)) as {
      text: string;
      blocks: { type: string }[];
    };
    expect(slack.text).toContain('finished');
    expect(slack.blocks[0]).toMatchObject({ type: 'section', text: { type: 'plain_text' } });
    expect(JSON.parse(alertBody('webhook', 'd-1', event))).toMatchObject({
      delivery: 'd-1',
      event: 'export-finished',
    });
  });

  it('say what happened in words, with local and UTC times and the Ferry page, never a key or an ISO time', () => {
    const iso = /\d{4}-\d\d-\d\dT/;
    const exported = watchedEvent('migration', 'org/octo-org/migration/42', 'exported', {}, at)!;
    expect(exported.summary).toContain('GitHub finished the export 42 of the organization octo-org');
    expect(exported.path).toBe('/migrations/orgs/octo-org/42');
    expect(watchedEvent('import', 'repo/octocat/hello/import', 'error', {}, at)).toMatchObject({
      summary: 'The import into octocat/hello failed.',
      path: '/imports/octocat/hello',
    });
    const reading = {
      at,
      resource: 'core',
      limit: 5_000,
      remaining: 0,
      used: 5_000,
      reset: at,
      source: 'poll' as const,
    };
    const low = rateEvent(reading)!;
    expect(low.summary).not.toMatch(iso);
    expect(low.summary).toContain('UTC');
    expect(low.summary).toContain('is used up until');
    expect(low.path).toBe('/rate-limits');

    const slack = JSON.parse(alertBody('slack', 'd-1', exported, 'https://ferry.example/base')) as {
      text: string;
      blocks: { type: string; elements?: { type: string; text?: unknown; url?: string }[] }[];
    };
    expect(JSON.stringify(slack)).not.toMatch(iso);
    expect(JSON.stringify(slack)).not.toContain('export-finished');
    const button = slack.blocks.flatMap((block) => block.elements ?? []).find((e) => e.type === 'button');
    expect(button).toMatchObject({ url: 'https://ferry.example/base/migrations/orgs/octo-org/42' });
    expect(button?.text).toMatchObject({ type: 'plain_text' });
    expect(JSON.parse(alertBody('webhook', 'd-1', exported, 'https://ferry.example/base'))).toMatchObject({
      link: 'https://ferry.example/base/migrations/orgs/octo-org/42',
      at: at.toISOString(),
    });
  });
});
