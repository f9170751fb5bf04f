import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useRouteError } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Last line of defence: a render error shows a message and a way back, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  return (
    <PageContainer title="Something went wrong">
      <Alert severity="error" role="alert">
        <AlertTitle>This page failed to render</AlertTitle>
        {error instanceof Error ? error.message : 'An unexpected error occurred.'}
      </Alert>
      <Button sx={{ mt: 2 }} variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </PageContainer>
  );
}
