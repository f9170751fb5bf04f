import { WavesPage } from '@/features/waves/components/waves-page';

export function Component() {
  return <WavesPage />;
}
