// A small least-recently-used memo: answers over immutable data are kept, up to `capacity` entries, so an
// adversarial mix of queries cannot grow memory without bound.
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K, compute: () => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined || this.map.has(key)) {
      this.map.delete(key);
      this.map.set(key, hit as V);
      return hit as V;
    }
    const value = compute();
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
    return value;
  }

  get size() {
    return this.map.size;
  }
}
