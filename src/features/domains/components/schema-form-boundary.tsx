import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  onFailure?: (message: string) => void;
}

/** If the generated form cannot render part of a schema, say so; the tree and raw views stay. */
export class SchemaFormBoundary extends Component<Props, { message?: string }> {
  state: { message?: string } = {};

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  componentDidCatch(error: unknown) {
    this.props.onFailure?.(error instanceof Error ? error.message : String(error));
  }

  render() {
    if (this.state.message !== undefined) {
      return (
        <Alert severity="warning" role="alert">
          <AlertTitle>The form cannot render part of this schema</AlertTitle>
          {this.state.message}. The schema tree and the raw JSON still show all of it.
        </Alert>
      );
    }
    return this.props.children;
  }
}
