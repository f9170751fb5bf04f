import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIM_APP_PRIVATE_KEY } from '@/simulator/github/apps';
import { loadConfig } from '../config';
import { loadGithubCredentials } from './credential-config';

const keyFile = () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ferry-app-key-')), 'app.pem');
  writeFileSync(file, SIM_APP_PRIVATE_KEY);
  return file;
};

describe('GitHub credentials from the environment', () => {
  it('names GITHUB_TOKEN default and orders tokens, then Apps, by name', () => {
    const credentials = loadGithubCredentials({
      GITHUB_TOKEN_ZED: 'ghp_zed',
      GITHUB_TOKEN: 'ghp_single',
      GITHUB_TOKEN_FINE_GRAINED: 'github_pat_11ABC',
      GITHUB_APP_MIGRATOR_ID: '12345',
      GITHUB_APP_MIGRATOR_INSTALLATION_ID: '678',
      GITHUB_APP_MIGRATOR_PRIVATE_KEY_FILE: keyFile(),
    });
    expect(credentials.map(({ name, kind }) => `${name}:${kind}`)).toEqual([
      'default:classic',
      'fine-grained:fine-grained',
      'zed:classic',
      'migrator:app',
    ]);
    expect(credentials[3]).toMatchObject({ appId: '12345', installationId: 678 });
  });

  it('leaves other tools’ GITHUB_TOKEN_FILE and GITHUB_TOKEN_PATH alone', () => {
    expect(loadGithubCredentials({ GITHUB_TOKEN_FILE: '/run/secrets/t', GITHUB_TOKEN_PATH: '/x' })).toEqual(
      [],
    );
  });

  it('takes a PEM pasted on one line with \\n escapes', () => {
    const [app] = loadGithubCredentials({
      GITHUB_APP_X_ID: '1',
      GITHUB_APP_X_INSTALLATION_ID: '2',
      GITHUB_APP_X_PRIVATE_KEY: SIM_APP_PRIVATE_KEY.replace(/\n/g, '\\n'),
    });
    expect(app).toMatchObject({ kind: 'app', privateKey: SIM_APP_PRIVATE_KEY });
  });

  it.each([
    [{ GITHUB_APP_X_ID: '1', GITHUB_APP_X_PRIVATE_KEY_FILE: '/nonexistent/key.pem' }, /INSTALLATION_ID/],
    [{ GITHUB_APP_X_ID: 'one', GITHUB_APP_X_INSTALLATION_ID: '2' }, /GITHUB_APP_X_ID must be a whole number/],
    [
      {
        GITHUB_APP_X_ID: '1',
        GITHUB_APP_X_INSTALLATION_ID: '2',
        GITHUB_APP_X_PRIVATE_KEY_FILE: '/nonexistent',
      },
      /cannot be read \(ENOENT\)/,
    ],
    [
      { GITHUB_APP_X_ID: '1', GITHUB_APP_X_INSTALLATION_ID: '2', GITHUB_APP_X_PRIVATE_KEY: 'not a key' },
      /not a PEM private key/,
    ],
    [{ GITHUB_TOKEN_A: 'ghp_a\r\nX' }, /GITHUB_TOKEN_A contains a control character/],
    [{ GITHUB_TOKEN_DEFAULT: 'ghp_a' }, /not "default"/],
    [
      {
        GITHUB_TOKEN_A: 'ghp_a',
        GITHUB_APP_A_ID: '1',
        GITHUB_APP_A_INSTALLATION_ID: '2',
        GITHUB_APP_A_PRIVATE_KEY: SIM_APP_PRIVATE_KEY,
      },
      /Two GitHub credentials are named "a"/,
    ],
  ])('refuses a bad set-up with a message that names it (%#)', (env, message) => {
    expect(() => loadGithubCredentials(env)).toThrow(message);
  });

  it('on the simulator, the seeded user is `default` (SIM_GITHUB_USER), SIM_CREDENTIALS=several adds three', () => {
    expect(loadConfig({}).github.credentials.map(({ name, kind }) => [name, kind])).toEqual([
      ['default', 'classic'],
    ]);
    const hubot = loadConfig({ SIM_GITHUB_USER: 'hubot' }).github.credentials[0];
    expect(hubot?.kind === 'classic' && hubot.token).toContain('hubot');
    expect(
      loadConfig({ SIM_CREDENTIALS: 'several' }).github.credentials.map((credential) => credential.name),
    ).toEqual(['default', 'hubot', 'fine-grained', 'app']);
  });

  it('goes live with named credentials only, GITHUB_TOKEN still the single case', () => {
    const config = loadConfig({ GITHUB_TOKEN_OPS: 'ghp_ops' });
    expect(config.github.mode).toBe('live');
    expect(config.github.credentials.map((credential) => credential.name)).toEqual(['ops']);
    const single = loadConfig({ GITHUB_TOKEN: 'ghp_one' });
    expect(single.github.credentials).toEqual([{ name: 'default', kind: 'classic', token: 'ghp_one' }]);
  });
});
