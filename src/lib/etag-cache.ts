/**
 * A small LRU of the last body seen per URL with its ETag, so polling GETs revalidate with If-None-Match
 * and a 304 (free on GitHub's primary limit) is answered from here.
 */
export interface CachedBody {
  etag: string;
  body: string;
  contentType: string;
}

export class EtagCache {
  private readonly entries = new Map<string, CachedBody>();

  constructor(private readonly capacity = 200) {}

  get(url: string): CachedBody | undefined {
    const entry = this.entries.get(url);
    if (entry) {
      this.entries.delete(url);
      this.entries.set(url, entry);
    }
    return entry;
  }

  set(url: string, entry: CachedBody): void {
    this.entries.delete(url);
    this.entries.set(url, entry);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
