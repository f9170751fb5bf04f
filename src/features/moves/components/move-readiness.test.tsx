import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { previewDefaults } from '@/testing/move-plan-steps';
import { renderApp } from '@/testing/render-with-providers';
import { simulator, warmTestStore } from '@/testing/sim-server';

beforeAll(() => warmTestStore(), 60_000);

async function previewReadiness(user: ReturnType<typeof renderApp>['user']) {
  await previewDefaults(user);
  return screen.findByRole('region', { name: 'Readiness' }, { timeout: 20_000 });
}

describe('readiness in the preview', () => {
  it('says per repository what stays behind and what blocks, filters by readiness, and reads the inventory once', async () => {
    const { user } = renderApp('/moves');
    const readiness = await previewReadiness(user);
    const line = within(readiness).getByRole('status', { name: 'Inventory' });
    expect(line).toHaveTextContent(
      /^Inventory read just now \(its oldest part\)\. Read now: \d+ REST requests and 2 GraphQL queries to the source/,
    );
    expect(line).toHaveTextContent(
      'Apps installed on chosen repositories of octo-org (GitHub does not say which): octo-ci.',
    );

    const table = within(readiness).getByRole('table', { name: 'Readiness per repository' });
    // Blocked first: the model file over 400 MiB, and the ref over 255 bytes.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.slice(0, 2).map((row) => row.getAttribute('aria-label'))).toEqual([
      'legacy-monolith',
      'ml-experiments',
    ]);
    const ml = within(table).getByRole('row', { name: 'ml-experiments' });
    expect(ml).toHaveTextContent('Blocked');
    expect(ml).toHaveTextContent("models/checkpoint-final.bin (512 MiB): over the import's 400 MiB per file");
    const hello = within(table).getByRole('row', { name: 'hello-world' });
    expect(hello).toHaveTextContent('Needs work');
    expect(
      within(hello).getByText('Webhooks (1): https://ci.octo-org.example/hooks/github'),
    ).toBeInTheDocument();
    expect(
      within(hello).getByText(/^Environments \(1\): production \(required reviewers, wait timer/),
    ).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'cli-tools' })).toHaveTextContent('Ready');

    await user.click(within(readiness).getByRole('button', { name: /^Blocked \(2\)$/ }));
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['legacy-monolith', 'ml-experiments']);
    await user.click(within(readiness).getByRole('button', { name: /^Ready \(\d+\)$/ }));
    expect(within(table).queryByRole('row', { name: 'hello-world' })).not.toBeInTheDocument();

    // The CSV is the rows shown, offered as a file (nothing sent).
    const made: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return 'blob:readiness';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(readiness).getByRole('button', { name: 'Download CSV' }));
    const csv = await made[0]!.text();
    expect(csv.split('\r\n')[0]).toMatch(/^repository,target_name,readiness,lfs,webhooks,/);
    expect(csv).not.toContain('hello-world');
    expect(csv).toContain('cli-tools');
    create.mockRestore();
    click.mockRestore();

    // Read again on demand: each list is revalidated with its ETag (a 304 is free for GitHub and here); what
    // GitHub counted is what the line says.
    const counted = simulator().github().stats.counted;
    await user.click(within(readiness).getByRole('button', { name: 'Read the inventory again' }));
    await expect
      .poll(
        () =>
          within(screen.getByRole('region', { name: 'Readiness' })).getByRole('status', { name: 'Inventory' })
            .textContent,
        { timeout: 20_000 },
      )
      .toContain('Read now: 0 REST requests and 2 GraphQL queries');
    expect(simulator().github().stats.counted - counted).toBe(2);
  }, 90_000);
});
