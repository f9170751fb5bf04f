import type { Move } from '../../src/contracts/move-run';
import { expect, runMoveToEnd, test } from './fixtures';

/**
 * A trial move (issue 49) from the preview: octo-org's `hello-*` imported under trial names, validated, deleted
 * from the target; the sources never locked; a preview right after finds every real name still free.
 */
test.setTimeout(150_000);

test('a trial move of hello-*: validated, never locked, deleted again; the real names stay free', async ({
  page,
  sim,
}) => {
  await page.goto('/moves');
  await page.getByRole('textbox', { name: 'Name pattern' }).fill('hello-*');
  await page.getByRole('button', { name: 'Preview' }).click();
  const summary = page.getByRole('status', { name: 'Preview summary' });
  await expect(summary).toContainText(/(\d+) of \d+ repositories selected, \1 ready\./);
  await page.getByRole('button', { name: 'Trial move' }).click();

  await expect(page).toHaveURL(/\/moves\/[A-Za-z0-9-]+$/);
  await expect(page.getByRole('note', { name: 'A trial move' })).toContainText(
    'the sources are never locked',
  );
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  expect(await runMoveToEnd(page, sim, id)).toBe('completed');

  const move = (await (await page.request.get(`/api/moves/${id}`)).json()) as Move;
  expect(move.repositories.length).toBeGreaterThan(0);
  for (const repo of move.repositories) {
    expect(repo).toMatchObject({ step: 'done', validation: { result: 'passed' }, trialDeleted: true });
    expect(repo.sourceLock).toBeUndefined();
    expect(repo.targetName).toBe(`${repo.name}${move.trial!.suffix}`);
  }
  const table = page.getByRole('table', { name: 'Repositories' });
  for (const repo of move.repositories) {
    const row = table.getByRole('row', { name: repo.name });
    await expect(row).toContainText('Done');
    await expect(row).toContainText('Untouched; trial repository deleted');
  }

  // The list says it was a trial; a preview right after finds every real name free.
  await page.goto('/moves');
  await expect(page.getByRole('table', { name: 'Moves' })).toContainText('(trial)');
  await page.getByRole('textbox', { name: 'Name pattern' }).fill('hello-*');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(summary).toContainText(
    new RegExp(
      `${move.repositories.length} of \\d+ repositories selected, ${move.repositories.length} ready\\.`,
    ),
  );
});
