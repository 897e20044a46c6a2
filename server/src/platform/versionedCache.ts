/**
 * A small per-process memo of answers that depend only on database data guarded by a version counter
 * (access_version, data_versions). It is never the truth: the version comes from the database with every
 * session lookup, and triggers bump it with every change to the data behind the answers, so every process
 * drops stale entries on its next request and two processes never disagree about what is current.
 */
export class VersionedCache<Value> {
  private readonly entries = new Map<string, Promise<Value>>();
  private version = 0;
  constructor(private readonly capacity: number) {}

  get(version: number, key: string, load: () => Promise<Value>): Promise<Value> {
    if (version !== this.version) {
      // A newer version makes every entry stale; an older one (a request that started before the change)
      // is answered fresh without touching the cache.
      if (version < this.version) return load();
      this.entries.clear();
      this.version = version;
    }
    let entry = this.entries.get(key);
    if (entry) {
      // Most recently used last, so that a full cache drops the entry unused for longest.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    entry = load();
    // A failed load is not kept: the next request tries again.
    entry.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    this.entries.set(key, entry);
    return entry;
  }
}
