import { describe, expect, it } from 'vitest';
import { auditDownloadHref, auditSearchParams, hasFilters, NO_FILTERS } from './audit-filters';

describe('audit filters', () => {
  it('sends only the filters given, trimmed, and the cursor', () => {
    expect(auditSearchParams(NO_FILTERS)).toEqual({});
    expect(auditSearchParams({ actor: ' mona ', action: '', from: '2026-03-01', to: '' }, 40)).toEqual({
      actor: 'mona',
      from: '2026-03-01',
      before: '40',
    });
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, to: '2026-03-02' })).toBe(true);
  });

  it('links the downloads with the filters, encoded', () => {
    expect(auditDownloadHref('csv', NO_FILTERS)).toBe('/api/audit.csv');
    expect(auditDownloadHref('json', { ...NO_FILTERS, action: 'POST /api/moves&x' })).toBe(
      '/api/audit.json?action=POST+%2Fapi%2Fmoves%26x',
    );
  });
});
