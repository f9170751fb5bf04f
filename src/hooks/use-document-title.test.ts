import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './use-document-title';

describe('documentTitle', () => {
  it('puts the page, the state it shows and the app name in that order', () => {
    expect(documentTitle('Export 42', 'exporting')).toBe('Export 42 — exporting · Ferry');
    expect(documentTitle('Rate limits')).toBe('Rate limits · Ferry');
    expect(documentTitle('')).toBe('Ferry');
  });
});

describe('useDocumentTitle', () => {
  it('sets the title, follows state changes and restores the previous title on unmount', () => {
    document.title = 'before';
    const { rerender, unmount } = renderHook(({ state }) => useDocumentTitle('Import octocat/hello', state), {
      initialProps: { state: 'importing' },
    });
    expect(document.title).toBe('Import octocat/hello — importing · Ferry');
    rerender({ state: 'complete' });
    expect(document.title).toBe('Import octocat/hello — complete · Ferry');
    unmount();
    expect(document.title).toBe('before');
  });
});
