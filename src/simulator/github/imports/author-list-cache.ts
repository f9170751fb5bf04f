import { etagOf } from '../http';
import type { SimAuthor } from './authors';
import { authorBody, importUrl, type ImportLinks } from './serialize';
import type { SimImport } from './store';

interface AuthorListJson {
  text: string;
  etag: string;
}

/**
 * The serialized author list, built and hashed once per change instead of once per request: 100,000 authors
 * are 37 MB of JSON (~0.25 s to build, stringify and hash), and every reload of the editor reads them again.
 * Keyed by the authors array (a restart makes a new one), then by what shapes the answer (a few answers each:
 * the editor reads the list, then `?since=` the last id); a mapping saved through the API forgets them.
 */
const cache = new WeakMap<SimAuthor[], Map<string, AuthorListJson>>();
const ANSWERS_KEPT = 4;

export function authorListJson(
  item: SimImport,
  visible: SimAuthor[],
  since: number,
  links: ImportLinks,
): AuthorListJson {
  const key = `${visible.length}|${since}|${importUrl(item, links)}`;
  let answers = cache.get(item.authors);
  if (!answers) {
    answers = new Map();
    cache.set(item.authors, answers);
  }
  const cached = answers.get(key);
  if (cached) return cached;
  const text = JSON.stringify(
    visible.filter((author) => author.id > since).map((author) => authorBody(item, author, links)),
  );
  const json = { text, etag: etagOf(text) };
  if (answers.size >= ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
  answers.set(key, json);
  return json;
}

export function forgetAuthorList(item: SimImport): void {
  cache.delete(item.authors);
}
