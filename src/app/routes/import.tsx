import { useParams } from 'react-router';
import { ImportPage } from '@/features/imports/components/import-page';
import { useRememberRecent } from '@/hooks/use-remember-recent';

export function Component() {
  const { owner = '', repo = '' } = useParams();
  useRememberRecent('import', owner && repo ? `${owner}/${repo}` : undefined);
  return <ImportPage key={`${owner}/${repo}`} owner={owner} repo={repo} />;
}
