import { useParams } from 'react-router';
import { MovePage } from '@/features/moves/components/move-page';
import { NotFoundPage } from './not-found';

export function Component() {
  const { moveId = '' } = useParams();
  if (!/^[A-Za-z0-9-]{1,64}$/.test(moveId)) return <NotFoundPage />;
  return <MovePage key={moveId} id={moveId} />;
}
