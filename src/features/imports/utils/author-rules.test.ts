import { describe, expect, it } from 'vitest';
import { emailProblem, isSynthesised, nameProblem } from './author-rules';

describe('validation', () => {
  it.each([
    ['hubot@github.com', undefined],
    ['root@localhost', undefined],
    ['', 'Enter an email address.'],
    ['a b@x.io', 'An email cannot contain spaces or < >.'],
    ['<a@x.io>', 'An email cannot contain spaces or < >.'],
    ['no-at', 'An email needs exactly one @ with text on both sides.'],
    ['two@@x.io', 'An email needs exactly one @ with text on both sides.'],
    [
      'svner@example.com@fc7da526-431c-80fe-3c8c-c148ff18d7ef',
      'An email needs exactly one @ with text on both sides.',
    ],
  ])('email %j → %s', (email, problem) => expect(emailProblem(email)).toBe(problem));

  it.each([
    ['Hubot the Robot', undefined],
    ['  ', 'Enter a name.'],
    ['A <b>', 'A name cannot contain < > or line breaks.'],
    ['two\nlines', 'A name cannot contain < > or line breaks.'],
  ])('name %j → %s', (name, problem) => expect(nameProblem(name)).toBe(problem));
});

describe('the synthesised-identity rule', () => {
  const uuid = 'fc7da526-431c-80fe-3c8c-c148ff18d7ef';
  it('recognises GitHub’s examples', () => {
    expect(isSynthesised({ remoteName: 'svner', name: 'svner', email: `svner@${uuid}` })).toBe(true);
    expect(
      isSynthesised({
        remoteName: 'svner@example.com',
        name: 'svner@example.com',
        email: `svner@example.com@${uuid}`,
      }),
    ).toBe(true);
    // Already mapped (nobody → Hubot).
    expect(isSynthesised({ remoteName: 'nobody', name: 'Hubot', email: 'hubot@github.com' })).toBe(false);
  });
  it('is no longer synthesised once the name or email changes', () => {
    expect(isSynthesised({ remoteName: 'svner', name: 'Sven', email: `svner@${uuid}` })).toBe(false);
    expect(isSynthesised({ remoteName: 'svner', name: 'svner', email: 'svner@example.com' })).toBe(false);
    expect(isSynthesised({ remoteName: 'svner', name: 'svner', email: 'svner@not-a-uuid' })).toBe(false);
  });
});
