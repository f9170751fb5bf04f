import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';

interface Props {
  /** What failed, for the title: "The author editor". */
  name: string;
  children: ReactNode;
}

/**
 * Around a part of a page that can fail on its own (the author editor; the lazily loaded payload builder): if
 * it throws, or its code does not load (a new deployment, a dropped connection), the rest of the page stays and the failure is said, instead
 * of the whole route's error page. React keeps a failed lazy import, so trying again means a reload (unsaved
 * author edits are kept in storage).
 */
export class LazyPartBoundary extends Component<Props, { message?: string }> {
  state: { message?: string } = {};

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  render() {
    if (this.state.message === undefined) return this.props.children;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        <AlertTitle>{this.props.name} could not be shown</AlertTitle>
        {this.state.message} The rest of the page still works.
      </Alert>
    );
  }
}
