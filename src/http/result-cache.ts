// Answers of GET routes depend only on the request's path and query and on the immutable snapshot, so a repeated
// request reuses the first one's result and its serialised `data`: no validation, lookup or JSON.stringify again.
// Bounded by bytes (least recently used out first), so no mix of requests can grow memory without limit.
import type { RouteResult } from "./route.ts";

export interface CachedResult { result: RouteResult<unknown>; dataJson: string }

export class ResultCache {
  private readonly entries = new Map<string, CachedResult & { bytes: number }>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedResult | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Keep an answer unless it alone would take more than a tenth of the budget. */
  set(key: string, value: CachedResult): void {
    const bytes = 2 * (key.length + value.dataJson.length);
    if (this.maxBytes <= 0 || bytes > this.maxBytes / 10) return;
    const old = this.entries.get(key);
    if (old) { this.bytes -= old.bytes; this.entries.delete(key); }
    this.entries.set(key, { ...value, bytes });
    this.bytes += bytes;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.bytes;
    }
  }

  get size() { return this.entries.size; }
  get usedBytes() { return this.bytes; }
}
