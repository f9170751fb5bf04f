import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';
import { simGithub, simulator } from '@/testing/sim-server';

// The real gateway and simulator answer in-process, but a loaded CI machine can be slow.
configure({ asyncUtilTimeout: 10_000 });

const REPO = '/repos/octo-org/hello-world';

/** Act on the simulator directly (as another client would). */
async function sim(method: string, path: string, body?: unknown) {
  const response = await simGithub(method, path, body);
  expect(response.status).toBeLessThan(300);
}

const startImport = (body: Record<string, string>) => sim('PUT', `${REPO}/import`, body);

describe('import page', { timeout: 30_000 }, () => {
  it('says the API is retired on github.com, and validates the repository name', async () => {
    renderApp('/imports/octo-org/hello-world');
    expect(await screen.findByText(/Retired on github.com since 12 April 2024/)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: /Start an import into octo-org\/hello-world/ }),
    ).toBeInTheDocument();
  });

  it('against a server where the API is retired (410 Gone): says so once, without retrying', async () => {
    simulator().reset({ scenario: 'imports-retired' });
    renderApp('/imports/octo-org/hello-world');
    const alert = await waitFor(() => {
      const found = screen.getAllByRole('alert').find((each) => each.textContent?.includes('Gone: retired'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(alert).toHaveTextContent(/Source Imports REST API has been retired/);
    expect(screen.queryByRole('textbox', { name: 'Source URL' })).not.toBeInTheDocument();
    expect(simulator().github().stats.requests).toBeLessThanOrEqual(2); // the import, the app bar's budget
  });

  it('validates the start form: URL, detect warning, credentials only when needed, tfvc project', async () => {
    const { user } = renderApp('/imports/octo-org/hello-world');
    const url = await screen.findByRole('textbox', { name: 'Source URL' });
    expect(screen.getByRole('note')).toHaveTextContent(/takes longer/);
    expect(screen.queryByLabelText(/Source password/)).not.toBeInTheDocument();
    await user.type(url, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Start import' }));
    expect(await screen.findByText(/This is not a URL/)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Version control system' }));
    await user.click(await screen.findByRole('option', { name: /TFVC/ }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'TFVC project' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /needs a username and password/ }));
    expect(screen.getByLabelText(/Source password/)).toHaveAttribute('type', 'password');
  });

  it('starts an import whose origin needs auth, takes credentials at auth_failed, and resumes', async () => {
    const { user } = renderApp('/imports/octo-org/hello-world');
    await user.type(
      await screen.findByRole('textbox', { name: 'Source URL' }),
      'https://svn.example.com/private/app',
    );
    await user.click(screen.getByRole('combobox', { name: 'Version control system' }));
    await user.click(await screen.findByRole('option', { name: 'Subversion' }));
    await user.click(screen.getByRole('button', { name: 'Start import' }));
    expect(await screen.findByText('Status: importing')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();

    simulator().advance(30);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const remedy = await screen.findByRole('region', { name: 'Credentials needed' });
    await user.type(within(remedy).getByLabelText(/Source username/), 'octocat');
    await user.type(within(remedy).getByLabelText(/Source password/), 'secret');
    await user.click(within(remedy).getByRole('button', { name: 'Send credentials' }));
    expect(await screen.findByText('Status: importing')).toBeInTheDocument();
    // Credentials are never kept in the browser.
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret');
  });

  it('after a wrong password the emptied field is not an error until the user submits it', async () => {
    await startImport({ vcs_url: 'https://svn.example.com/private/app', vcs: 'subversion' });
    simulator().advance(30);
    const { user } = renderApp('/imports/octo-org/hello-world');
    let remedy = await screen.findByRole('region', { name: 'Credentials needed' });
    await user.type(within(remedy).getByLabelText(/Source username/), 'octocat');
    await user.type(within(remedy).getByLabelText(/Source password/), 'wrong');
    await user.click(within(remedy).getByRole('button', { name: 'Send credentials' }));
    simulator().advance(30);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    remedy = await screen.findByRole('region', { name: 'Credentials needed' });
    await waitFor(() => expect(within(remedy).getByLabelText(/Source password/)).toHaveValue(''));
    expect(within(remedy).getByLabelText(/Source password/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Enter the password.')).not.toBeInTheDocument();
    // Submitting it empty is an error.
    await user.click(within(remedy).getByRole('button', { name: 'Send credentials' }));
    expect(within(remedy).getByText('Enter the password.')).toBeInTheDocument();
  });

  it('detection_needs_auth takes credentials and goes back to detecting', async () => {
    await startImport({ vcs_url: 'https://svn.example.com/private/app' });
    simulator().advance(20);
    const { user } = renderApp('/imports/octo-org/hello-world');
    const remedy = await screen.findByRole('region', { name: 'Credentials needed' });
    expect(remedy).toHaveTextContent(/Detection needs a login/);
    await user.type(within(remedy).getByLabelText(/Source username/), 'u');
    await user.type(within(remedy).getByLabelText(/Source password/), 'p');
    await user.click(within(remedy).getByRole('button', { name: 'Send credentials' }));
    expect(await screen.findByText('Status: detecting')).toBeInTheDocument();
  });

  it('detection_found_multiple offers the project choices and sends the chosen one', async () => {
    await startImport({ vcs_url: 'http://tfs.example.com/tfs/multiple' });
    simulator().advance(20);
    const { user } = renderApp('/imports/octo-org/hello-world');
    const remedy = await screen.findByRole('region', { name: 'Project choice needed' });
    await user.click(within(remedy).getByRole('radio', { name: 'project2 (tfs)' }));
    await user.click(within(remedy).getByRole('button', { name: 'Import this project' }));
    expect(await screen.findByText('Status: importing')).toBeInTheDocument();
    expect(screen.getByText('project2')).toBeInTheDocument();
  });

  it('detection_found_nothing: cancel (confirmed) and start again with the URL prefilled', async () => {
    await startImport({ vcs_url: 'https://example.com/nothing-here' });
    simulator().advance(20);
    const { user } = renderApp('/imports/octo-org/hello-world');
    const remedy = await screen.findByRole('region', { name: 'Nothing found' });
    await user.click(within(remedy).getByRole('button', { name: 'Cancel and start again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel import' }));
    expect(await screen.findByRole('textbox', { name: 'Source URL' })).toHaveValue(
      'https://example.com/nothing-here',
    );
  });

  it('error shows the failed step and message; restart asks first', async () => {
    await startImport({ vcs_url: 'https://git.example.com/fail-at-raw.git', vcs: 'git' });
    simulator().advance(40);
    const { user } = renderApp('/imports/octo-org/hello-world');
    const remedy = await screen.findByRole('region', { name: 'Import failed' });
    expect(remedy).toHaveTextContent(/at step “raw”/);
    expect(remedy).toHaveTextContent(/connection was reset/);
    await user.click(within(remedy).getByRole('button', { name: 'Restart import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart this import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Status: error')).toBeInTheDocument();
    await user.click(within(remedy).getByRole('button', { name: 'Restart import' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Restart this import?' })).getByRole('button', {
        name: 'Restart',
      }),
    );
    expect(await screen.findByText('Status: importing')).toBeInTheDocument();
  });

  it('large files: totals in human units, the LFS banner opens the dialog, the choice is shown', async () => {
    await startImport({ vcs_url: 'https://git.example.com/large-files.git', vcs: 'git' });
    simulator().advance(80);
    const { user } = renderApp('/imports/octo-org/hello-world');
    expect(await screen.findByText('Status: waiting_to_push')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Files over 100 MB' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByText(/Total: 3 files/)).toBeInTheDocument();
    expect(within(table).getAllByText(/ (MB|GB)$/).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Choose' }));
    const dialog = await screen.findByRole('dialog', { name: /Git LFS or remove them/ });
    await user.click(within(dialog).getByRole('radio', { name: /Opt out: the large files are removed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove large files' }));
    expect(await screen.findByText(/Current choice:/)).toBeInTheDocument();
    expect(screen.getByText(/Opted out: large files are removed/)).toBeInTheDocument();
    expect(screen.getByText('Status: pushing')).toBeInTheDocument();
  });
});
