import { describe, expect, it } from 'vitest';
import type { AlertTarget } from '@/contracts/alerts';
import { alertsRefetchMs } from '../api/alert-queries';
import { checkTargetForm, EMPTY_TARGET_FORM } from './target-form';

const valid = {
  ...EMPTY_TARGET_FORM,
  name: 'ops',
  url: 'https://hooks.example.test/ferry',
  secret: 'long enough',
};

describe('the add-a-target form', () => {
  it('makes a request from a valid form (no secret for Slack)', () => {
    expect(checkTargetForm(valid).request).toMatchObject({
      name: 'ops',
      kind: 'webhook',
      secret: 'long enough',
    });
    const slack = checkTargetForm({ ...valid, kind: 'slack', secret: '' }).request;
    expect(slack?.kind).toBe('slack');
    expect(slack).not.toHaveProperty('secret');
  });

  it('says what is wrong, field by field', () => {
    const { errors, request } = checkTargetForm({
      ...EMPTY_TARGET_FORM,
      url: 'ftp://x',
      secret: 'short',
      events: [],
      threshold: '1e9',
    });
    expect(request).toBeUndefined();
    expect(Object.keys(errors).sort()).toEqual(['events', 'name', 'secret', 'threshold', 'url']);
    expect(checkTargetForm({ ...valid, url: 'https://u:p@x.test/' }).errors.url).toContain('No user');
    expect(checkTargetForm({ ...valid, url: 'not a url' }).errors.url).toContain('https://');
  });
});

describe('a new target’s events', () => {
  it('are the ends of exports, waves and moves, and a moved repository that needs someone', () => {
    expect(EMPTY_TARGET_FORM.events).toEqual([
      'export-finished',
      'export-failed',
      'wave-finished',
      'move-repository-failed',
      'move-repository-invalid',
      'move-finished',
    ]);
    expect(checkTargetForm(valid).request?.events).toContain('move-finished');
  });
});

describe('how often the targets are read again', () => {
  it('is quick while a delivery is on its way, slow otherwise', () => {
    const target = (state: 'pending' | 'delivered') =>
      ({ deliveries: [{ state }] }) as unknown as AlertTarget;
    expect(alertsRefetchMs([target('pending')])).toBe(2_000);
    expect(alertsRefetchMs([target('delivered')])).toBe(30_000);
    expect(alertsRefetchMs(undefined)).toBe(30_000);
  });
});
