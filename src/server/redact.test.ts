import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactJsonText } from './redact';

const SECRET = 'ghp_Ab/+=9"\\x';

/** Every character of `text` written as a JSON `\uXXXX` escape (hex in `upper` or lower case). */
const escaped = (text: string, upper = false) =>
  [...text]
    .map((char) => {
      const hex = char.charCodeAt(0).toString(16).padStart(4, '0');
      return `\\u${upper ? hex.toUpperCase() : hex}`;
    })
    .join('');

describe('redactJsonText', () => {
  it.each([
    ['literal', JSON.stringify({ token: 'ghp_plain0123' }), 'ghp_plain0123'],
    ['all escaped', `{"t":"${escaped('ghp_plain0123')}"}`, 'ghp_plain0123'],
    ['escaped in capitals', `{"t":"${escaped('ghp_plain0123', true)}"}`, 'ghp_plain0123'],
    ['JSON.stringify of a secret with / " \\', JSON.stringify({ t: SECRET }), SECRET],
    ['solidus escaped', '{"t":"ab\\/cd0123"}', 'ab/cd0123'],
  ])('%s', (_, text, secret) => {
    const clean = redactJsonText(text, [secret]);
    expect(JSON.stringify(JSON.parse(clean))).not.toContain(secret);
    expect(clean).toContain('[redacted]');
  });

  it('whatever mix of escapes spells the secret, the parsed JSON never holds it', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: SECRET.length, maxLength: SECRET.length }), (mask) => {
        const spelled = [...SECRET]
          .map((char, index) => (mask[index] ? escaped(char) : JSON.stringify(char).slice(1, -1)))
          .join('');
        const clean = redactJsonText(`{"a":"x${spelled}y"}`, [SECRET]);
        expect((JSON.parse(clean) as { a: string }).a).toBe('x[redacted]y');
      }),
    );
  });

  it('redacts the same way with many secrets seen and each seen again (patterns are kept, bounded)', () => {
    const secrets = Array.from({ length: 70 }, (_, index) => `ghs_installation${index}token`);
    for (const secret of [...secrets, ...secrets.slice(0, 3)]) {
      const text = `{"a":"${secret}","b":"${secret}"}`;
      expect(redactJsonText(text, [secret])).toBe('{"a":"[redacted]","b":"[redacted]"}');
    }
  });

  it('leaves other text alone', () => {
    expect(redactJsonText('{"login":"octocat"}', ['ghp_secret0123'])).toBe('{"login":"octocat"}');
  });
});
