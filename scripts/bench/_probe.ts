import { startBenchGateway, importWithManyAuthors } from './bench-browser';
const server = await startBenchGateway('/work/main/dist');
await importWithManyAuthors(server.origin, 'authors-100000');
for (let i = 0; i < 4; i++) {
  let t = performance.now();
  const r = await fetch(`${server.origin}/api/github/repos/octo-org/hello-world/import/authors`, { headers: { accept: 'application/vnd.github+json' } });
  const h = performance.now() - t;
  const text = await r.text();
  const total = performance.now() - t;
  t = performance.now();
  const last = JSON.parse(text).at(-1).id;
  const p = performance.now() - t;
  t = performance.now();
  const r2 = await fetch(`${server.origin}/api/github/repos/octo-org/hello-world/import/authors?since=${last}`);
  await r2.text();
  console.log({ status: r.status, headers: Math.round(h), total: Math.round(total), bytes: text.length, parse: Math.round(p), since: Math.round(performance.now() - t), etag: r.headers.get('etag') });
}
await server.close();
process.exit(0);
