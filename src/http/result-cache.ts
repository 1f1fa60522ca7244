// Answers of GET routes depend only on the request's path and query and on the immutable snapshot, so a repeated
// request reuses the first one's answer: no validation, lookup or JSON.stringify again. Only text is kept (the
// serialised `data`, and the few fields metadata is built from), not the answer's object graph, and it is
// bounded by bytes (least recently used out first), so no mix of requests can grow memory without limit.
import type { RouteResult } from "./route.ts";

/** What the envelope needs of an answer besides its data. */
export type AnswerMeta = Omit<RouteResult<unknown>, "data">;
export interface CachedResult { meta: AnswerMeta; dataJson: string }

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
    const bytes = 2 * (key.length + value.dataJson.length + JSON.stringify(value.meta).length);
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
