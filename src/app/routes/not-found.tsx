import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '../paths';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <PageContainer title="Page not found">
      <Typography sx={{ mb: 2 }}>There is no page at this address.</Typography>
      <Button component={Link} to={paths.home} variant="contained">
        Go to the overview
      </Button>
    </PageContainer>
  );
}
