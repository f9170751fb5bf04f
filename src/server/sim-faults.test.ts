import { describe, expect, it } from 'vitest';
import { inProcessGateway } from '@/testing/node-servers';
import { loadConfig } from './config';

describe('SIM_FAULTS', () => {
  it('is validated with the rest of the configuration', () => {
    expect(loadConfig({}).simFaults).toEqual([]);
    expect(loadConfig({ SIM_FAULTS: '{"kind":"status","status":503}' }).simFaults).toEqual([
      { kind: 'status', status: 503 },
    ]);
    expect(() => loadConfig({ SIM_FAULTS: '{"kind":"status","status":200}' })).toThrow(
      /SIM_FAULTS: fault 1: status must be 500, 502 or 503/,
    );
  });

  it('reaches the embedded simulator, and the control interface can clear it', async () => {
    const { call } = inProcessGateway({
      SIM_SPEED: '0',
      SIM_SCENARIO: 'quiet',
      SIM_FAULTS: JSON.stringify([
        { kind: 'drop', path: 'user' },
        { kind: 'status', status: 503 },
      ]),
    });
    const dropped = await call('/api/github/user');
    expect(dropped.status).toBe(502);
    expect(await dropped.json()).toMatchObject({ code: 'UPSTREAM_UNREACHABLE', source: 'gateway' });
    expect((await call('/api/github/rate_limit')).status).toBe(503);
    const listed = (await (await call('/__sim/faults')).json()) as { faults: unknown[] };
    expect(listed.faults).toHaveLength(2);
    expect((await call('/__sim/faults', { method: 'DELETE' })).status).toBe(200);
    expect((await call('/api/github/user')).status).toBe(200);
  });

  it('a slow simulator past UPSTREAM_TIMEOUT_MS is answered 504 by the gateway', async () => {
    const { call } = inProcessGateway({
      SIM_SPEED: '0',
      UPSTREAM_TIMEOUT_MS: '50',
      SIM_FAULTS: '{"kind":"latency","latencyMs":2000,"path":"rate_limit"}',
    });
    const response = await call('/api/github/rate_limit');
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
  });
});
