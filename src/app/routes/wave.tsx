import { useParams } from 'react-router';
import { WavePage } from '@/features/waves/components/wave-page';
import { NotFoundPage } from './not-found';

export function Component() {
  const { waveId = '' } = useParams();
  if (!/^[a-z0-9-]{1,64}$/.test(waveId)) return <NotFoundPage />;
  return <WavePage key={waveId} id={waveId} />;
}
