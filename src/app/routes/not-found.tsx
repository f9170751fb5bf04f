import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { paths } from '../paths';

export function NotFoundPage() {
  return (
    <PageContainer title="Page not found">
      <Typography sx={{ mb: 2 }}>There is no page at this address.</Typography>
      <Button component={Link} to={paths.rateLimits} variant="contained">
        Go to rate limits
      </Button>
    </PageContainer>
  );
}
