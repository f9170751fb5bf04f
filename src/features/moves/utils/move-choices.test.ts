import { describe, expect, it } from 'vitest';
import { choicesChangedSince, choicesToSend, targetNameProblem, withChoice } from './move-choices';

const docs = { name: 'docs', sourceVisibility: 'public' as const };

describe('a repository’s choices on the target', () => {
  it('keeps only what differs from the defaults', () => {
    const renamed = withChoice({}, docs, { targetName: 'handbook' });
    expect(renamed).toEqual({ docs: { name: 'docs', targetName: 'handbook' } });
    const both = withChoice(renamed, docs, { visibility: 'private' });
    expect(both).toEqual({ docs: { name: 'docs', targetName: 'handbook', visibility: 'private' } });
    // Back to the source's name and visibility: no choice left.
    expect(
      withChoice(withChoice(both, docs, { targetName: 'docs' }), docs, { visibility: 'public' }),
    ).toEqual({});
  });

  it('refuses names GitHub refuses, and sends nothing while one is typed', () => {
    expect(targetNameProblem('handbook.v2')).toBeUndefined();
    expect(targetNameProblem('')).toBe('Enter a name.');
    for (const bad of ['a b', '..', 'x'.repeat(101), 'a\u0000b', '<b>x</b>'])
      expect(targetNameProblem(bad)).toMatch(/Letters, digits/);
    const choices = withChoice({}, docs, { targetName: 'a b' });
    expect(choicesToSend(choices)).toBeUndefined();
    expect(choicesToSend(withChoice(choices, docs, { targetName: 'ok' }))).toEqual([
      { name: 'docs', targetName: 'ok' },
    ]);
  });

  it('tells when the shown preview was made with other choices', () => {
    const choices = withChoice({}, docs, { targetName: 'handbook' });
    expect(choicesChangedSince(choices, [{ name: 'docs', targetName: 'handbook' }])).toBe(false);
    expect(choicesChangedSince(choices, undefined)).toBe(true);
    expect(choicesChangedSince({}, undefined)).toBe(false);
    expect(choicesChangedSince({}, [])).toBe(false);
  });
});
