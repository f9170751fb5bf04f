import { useParams } from 'react-router';
import { ImportPage } from '@/features/imports/components/import-page';

export function Component() {
  const { owner = '', repo = '' } = useParams();
  return <ImportPage key={`${owner}/${repo}`} owner={owner} repo={repo} />;
}
