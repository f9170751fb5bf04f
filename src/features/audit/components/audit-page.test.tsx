import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEEDS_ROLE } from '@/contracts/session';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, testRuntime, TEST_ORIGIN, warmTestStore } from '@/testing/sim-server';

beforeAll(() => warmTestStore(), 60_000);

/** A write as a client that knows Ferry sends it, through the in-process gateway. */
async function write(method: string, path: string, body?: unknown) {
  const response = await fetch(`${TEST_ORIGIN}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-ferry-client': 'audit-page-test' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.status;
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the audit log page', () => {
  it('says when nothing has been recorded yet', async () => {
    renderApp('/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(await screen.findByText(/No write has been recorded yet/)).toBeInTheDocument();
  });

  it('lists the gateway’s writes newest first, filters them, offers downloads and verifies the chain', async () => {
    expect(await write('POST', '/api/ferry/recent', { kind: 'org', key: 'octo-org' })).toBe(204);
    expect(await write('DELETE', '/api/alerts/t-no-such-target')).toBe(404);
    expect(await write('POST', '/api/ferry/recent', { kind: 'nonsense' })).toBe(400);
    const { user } = renderApp('/audit');

    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const rows = rowsOf(table);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('POST /api/ferry/recent');
    expect(rows[0]).toHaveTextContent('400 refused');
    expect(rows[1]).toHaveTextContent('DELETE /api/alerts/:id');
    expect(rows[1]).toHaveTextContent('/api/alerts/t-no-such-target');
    expect(rows[1]).toHaveTextContent('404 refused');
    expect(rows[2]).toHaveTextContent('204 ok');
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent('local');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    const form = screen.getByRole('form', { name: 'Filter the audit log' });
    await user.type(within(form).getByRole('textbox', { name: 'Action contains' }), 'alerts');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: 'Audit log entries' }))).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/audit.csv?action=alerts',
    );
    expect(screen.getByRole('link', { name: 'Download JSON' })).toHaveAttribute(
      'href',
      '/api/audit.json?action=alerts',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Actor (login)' }), 'someone-else');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify the chain' }));
    expect(await screen.findByText(/Chain intact: 3 entries verified/)).toBeInTheDocument();
  });

  it('pages to older entries', async () => {
    const log = (await testRuntime.services.storeAccess!()).auditLog;
    for (let n = 1; n <= 102; n++)
      await log.append({
        actor: 'local',
        role: 'local',
        action: 'POST /api/moves',
        target: `/api/moves/number-${n}`,
        outcome: '201 ok',
        requestId: `r-${n}`,
      });
    const { user } = renderApp('/audit');
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    expect(rowsOf(table)).toHaveLength(100);
    expect(rowsOf(table)[0]).toHaveTextContent('/api/moves/number-102');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: 'Audit log entries' }))).toHaveLength(2),
    );
    expect(screen.getByRole('table', { name: 'Audit log entries' })).toHaveTextContent('/api/moves/number-1');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newest' }));
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: 'Audit log entries' }))).toHaveLength(100),
    );
  });

  it('says which role a refused reader needs', async () => {
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/audit`, () =>
        HttpResponse.json(
          { message: NEEDS_ROLE.admin, code: 'FORBIDDEN', source: 'gateway' },
          { status: 403 },
        ),
      ),
    );
    renderApp('/audit');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Permission denied');
    expect(alert).toHaveTextContent(NEEDS_ROLE.admin);
    expect(alert).toHaveTextContent(/The audit log is for admins/);
  });
});
