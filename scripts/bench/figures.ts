import { authorEditor, authorEditorLarge } from './author-editor';
import { authorSave } from './author-save';
import { blockingAb } from './blocking-ab';
import { bundleSize } from './bundle-size';
import { exportWatch } from './export-watch';
import { exportWatchTabs } from './export-watch-tabs';
import { firstRender } from './first-render';
import { gatewayMemory } from './gateway-memory';
import { gatewayOverhead } from './gateway-overhead';
import { gatewayRss } from './gateway-rss';
import { historyRender } from './history-render';
import { idleCpu } from './idle-cpu';
import { inventory } from './inventory';
import { storeHistory } from './store-history';
import { team } from './team';
import { lighthouseMobile } from './lighthouse-mobile';
import { mainThreadBlocking } from './main-thread-blocking';
import { mappingApply } from './mapping-apply';
import { move } from './move';
import { moveTeam } from './move-team';
import { moveUpload } from './move-upload';
import type { BenchFigure } from './types';
import { waves } from './waves';

/**
 * Every figure `npm run bench` measures, in the order printed. To add one, write a module exporting a
 * `BenchFigure` (see types.ts: bounded, loopback only, a few seconds to a minute) and list it here.
 */
export const FIGURES: BenchFigure[] = [
  bundleSize,
  firstRender,
  gatewayOverhead,
  gatewayMemory,
  gatewayRss,
  idleCpu,
  authorEditor,
  authorEditorLarge,
  mappingApply,
  authorSave,
  exportWatch,
  exportWatchTabs,
  storeHistory,
  historyRender,
  lighthouseMobile,
  mainThreadBlocking,
  blockingAb,
  waves,
  moveUpload,
  inventory,
  move,
  moveTeam,
  team,
];
