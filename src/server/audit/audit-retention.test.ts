import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIT_RETENTION_DAYS, loadConfig } from '@/server/config';
import type { AuditLog } from '@/server/store/audit-store';
import { startAuditRetention } from './audit-retention';

describe('audit retention', () => {
  it('reads AUDIT_RETENTION_DAYS (default 400), refusing what is not a number of days', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(DEFAULT_AUDIT_RETENTION_DAYS);
    expect(DEFAULT_AUDIT_RETENTION_DAYS).toBe(400);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: ' 30 ' }).auditRetentionDays).toBe(30);
    for (const bad of ['0', '-5', '1.5', 'forever', '99999'])
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad }), bad).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('prunes what is older than the retention at start, and says a failure without throwing', async () => {
    const asked: Date[] = [];
    const log = {
      prune: (olderThan: Date) => {
        asked.push(olderThan);
        return Promise.resolve({ pruned: 2 });
      },
    } as unknown as AuditLog;
    const now = Date.UTC(2026, 5, 1);
    const retention = startAuditRetention(() => Promise.resolve(log), 10, { now: () => now });
    expect(await retention.first).toBe(2);
    retention.stop();
    expect(asked).toEqual([new Date(Date.UTC(2026, 4, 22))]);

    const lines: string[] = [];
    const failing = startAuditRetention(() => Promise.reject(new Error('store gone')), 10, {
      logLine: (line) => lines.push(line),
    });
    expect(await failing.first).toBe(0);
    failing.stop();
    expect(lines).toEqual(['[audit] retention did not prune: Error: store gone']);
  });
});
