import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ErrorAlert } from './error-alert';

describe('ErrorAlert', () => {
  it('says what happened, in the upstream’s words, what to do, and offers a retry', async () => {
    const onRetry = vi.fn();
    const error = new ApiError({
      kind: 'http',
      upstream: 'github',
      status: 422,
      message: 'Validation Failed',
      documentationUrl: 'https://docs.github.com/rest/migrations',
      requestId: 'SIM:1:2',
      fieldErrors: [
        { resource: 'Import', field: 'vcs_url', code: 'invalid', message: 'vcs_url is not a valid URL' },
        { code: 'missing_field' },
      ],
    });
    const { user } = renderWithProviders(<ErrorAlert error={error} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The request was rejected')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Validation Failed');
    expect(alert).toHaveTextContent('Correct the highlighted fields and retry.');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Import.vcs_url: vcs_url is not a valid URL', 'request: missing_field']);
    expect(within(alert).getByRole('link', { name: 'Documentation' })).toHaveAttribute(
      'href',
      'https://docs.github.com/rest/migrations',
    );
    expect(alert).toHaveTextContent('Request id: SIM:1:2');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('prefixes a context and has no retry without a handler', () => {
    renderWithProviders(
      <ErrorAlert
        error={new ApiError({ kind: 'network', upstream: 'github', message: 'x' })}
        context="Refresh failed"
        severity="warning"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Refresh failed: Cannot reach the server')).toBeInTheDocument();
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(alert).toHaveClass('MuiAlert-colorWarning');
  });

  it('never links to a documentation URL that is not https', () => {
    const error = new ApiError({
      kind: 'http',
      upstream: 'github',
      status: 404,
      message: 'Not Found',
      documentationUrl: 'javascript:alert(1)',
    });
    renderWithProviders(<ErrorAlert error={error} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('explains a failure that is not an ApiError', () => {
    renderWithProviders(<ErrorAlert error={new TypeError('x is undefined')} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Ferry’s server sent an answer Ferry could not read')).toBeInTheDocument();
    expect(alert).toHaveTextContent('x is undefined');
  });
});
