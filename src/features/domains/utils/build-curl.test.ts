import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCurl, createBody, domainFor, KEY_PLACEHOLDERS, shellQuote } from './build-curl';

describe('buildCurl', () => {
  it('builds a dry-run create with key placeholders', () => {
    const curl = buildCurl({ domain: 'example.com', body: { cost: 1108, agreeToTerms: 'yes' } });
    expect(curl).toContain(`'https://api.porkbun.com/api/json/v3/domain/create/example.com'`);
    expect(curl).toContain(`"X-API-Key: ${KEY_PLACEHOLDERS.apiKey}"`);
    expect(curl).toContain(`"X-Secret-API-Key: ${KEY_PLACEHOLDERS.secretApiKey}"`);
    expect(curl).toContain(`--data-raw '{"cost":1108,"agreeToTerms":"yes","dryRun":true}'`);
  });

  it('forces dryRun even when the form says otherwise', () => {
    expect(buildCurl({ domain: 'a.ai', body: { dryRun: false } })).toContain('"dryRun":true');
  });

  it('never contains a key, even one typed into the form', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(pk1|sk1)_[A-Za-z0-9]{8,40}$/), (key) => {
        const body = { cost: 1, apikey: key, secretapikey: key, secretApiKey: key };
        expect(buildCurl({ domain: 'example.com', body })).not.toContain(key);
        expect(JSON.stringify(createBody(body))).not.toContain(key);
      }),
    );
  });

  it('quotes for the shell so the body cannot break out', () => {
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
    const curl = buildCurl({ domain: 'example.com', body: { note: `'; rm -rf / #` } });
    expect(curl).toContain(`'{"note":"'\\''; rm -rf / #","dryRun":true}'`);
  });

  it('uses a safe domain label, falling back to example', () => {
    expect(domainFor('MyShop', 'co.uk')).toBe('myshop.co.uk');
    expect(domainFor('bad name/..', 'com')).toBe('example.com');
  });
});
