import { MovesPage } from '@/features/moves/components/moves-page';

export function Component() {
  return <MovesPage />;
}
