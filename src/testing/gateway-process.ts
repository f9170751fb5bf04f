/**
 * The arguments for `node` that start a gateway process, from the repository's folder. `npm test` builds the
 * server once and says where (`FERRY_BUILT_GATEWAY`, scripts/test-all.sh): the suites then start the bundle that
 * `npm start` runs (2.3 CPU-s to its first answer against 3.9 through tsx, measured on the 2-core machine; a run
 * starts about 30). A suite run on its own starts the source through tsx, so what runs is always the edit.
 */
export function gatewayNodeArgs(): string[] {
  const built = process.env.FERRY_BUILT_GATEWAY;
  return built ? [built] : ['--import', 'tsx', 'src/server/main.ts'];
}
