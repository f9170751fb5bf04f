import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { moveHref } from '../paths';
import { MoveList } from './move-list';
import { MovePlanForm } from './move-plan-form';
import { MoveTargetCard } from './move-target-card';

/** `/moves`: what a move needs, a move planned (pre-flight and cost before anything starts), the moves so far. */
export function MovesPage() {
  useDocumentTitle('Moves');
  return (
    <PageContainer
      title="Moves"
      subtitle="Take an organization’s repositories into GitHub.com with GitHub Enterprise Importer."
      actions={
        <Button component={RouterLink} to={moveHref.identities()}>
          Identities
        </Button>
      }
    >
      <Stack spacing={3}>
        <MoveTargetCard />
        <MovePlanForm />
        <MoveList />
      </Stack>
    </PageContainer>
  );
}
