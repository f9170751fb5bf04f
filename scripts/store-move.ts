import { moveToEmbedded, moveToServer } from '@/server/store/store-move';
import { rowsLine, runStoreCommand } from './store-cli';

/**
 * `npm run store:move -- to-server [--replace]`: DATA_DIR's embedded store copied into DATABASE_URL's server.
 * `npm run store:move -- to-embedded [--replace]`: DATABASE_URL's store copied into DATA_DIR's embedded one.
 * Stop the gateways first.
 */
await runStoreCommand({
  name: 'move',
  usage: 'to-server|to-embedded [--replace]',
  verb: 'move its store',
  flags: ['--replace'],
  work: (config, direction, flags) => {
    const options = { replace: flags.has('--replace') };
    if (direction === 'to-server') return moveToServer(config, options);
    if (direction === 'to-embedded') return moveToEmbedded(config, options);
    throw new Error(`"${direction}" is not a direction: to-server or to-embedded`);
  },
  report: (_config, _direction, summary) => [
    `Moved ${summary.from} to ${summary.to}: ${rowsLine(summary.rows)}`,
    ...(summary.replaced ? [`The rows ${summary.to} held before were replaced.`] : []),
    ...(summary.previous ? [`The embedded store it replaced was kept in ${summary.previous}`] : []),
    ...(summary.to.startsWith('PostgreSQL') ? [`${summary.from} was left as it was.`] : []),
  ],
});
