import { useParams } from 'react-router';
import { ImportPage } from '@/features/imports/components/import-page';
import { isRepositoryName } from '@/contracts/github/names';
import { useRememberRecent } from '@/hooks/use-remember-recent';
import { ImportNotifications } from './follow-notifications';

export function Component() {
  const { owner = '', repo = '' } = useParams();
  const valid = isRepositoryName(owner, repo);
  useRememberRecent('import', valid ? `${owner}/${repo}` : undefined);
  return (
    <>
      <ImportNotifications key={`n:${owner}/${repo}`} owner={owner} repo={repo} enabled={valid} />
      <ImportPage key={`${owner}/${repo}`} owner={owner} repo={repo} />
    </>
  );
}
