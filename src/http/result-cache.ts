// Answers of GET routes depend only on the request's path and query and on the immutable snapshot, so a repeated
// request reuses the first one's answer: no validation, lookup or JSON.stringify again. Only the answer's serialised
// form is kept (envelope.ts: text or UTF-8 bytes), not its object graph, and it is bounded by bytes (least recently used out first), so
// no mix of requests can grow memory without limit.
import { answerBytes, type SerialisedAnswer } from "./envelope.ts";
import type { ApiError } from "./errors.ts";

/**
 * A kept answer, or a kept client error: an input that resolves to nothing (a misspelt place, a made-up title)
 * answers the same 4xx every time, and finding that out (a spelling search) costs more than most answers.
 */
export type CachedAnswer = SerialisedAnswer | { error: ApiError };

const sizeOf = (key: string, value: CachedAnswer) =>
  2 * key.length +
  ("error" in value ? 2 * (value.error.message.length + JSON.stringify(value.error.extra).length) : answerBytes(value));

type Entry = CachedAnswer & { bytes: number; used: boolean };

/**
 * Least recently used out first, by second chance: a hit only marks its entry used (no reordering of the map on
 * the hot path); when room is needed, entries are taken oldest first, and a used one is moved to the back with
 * its mark cleared instead of being dropped.
 */
export class ResultCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private period = "";
  constructor(private readonly maxBytes: number) {}

  /** Answers hold for one period (EU answers carry the semester's minimum wage): a new period empties the cache. */
  holdFor(period: string): void {
    if (period === this.period) return;
    this.period = period;
    this.entries.clear();
    this.bytes = 0;
  }

  get(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (hit) hit.used = true;
    return hit;
  }

  /** Keep an answer unless it alone would take more than a tenth of the budget. */
  set(key: string, value: CachedAnswer): void {
    const bytes = sizeOf(key, value);
    if (this.maxBytes <= 0 || bytes > this.maxBytes / 10) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { ...value, bytes, used: false });
    this.bytes += bytes;
    // One iterator for the whole sweep: a Map iterator made afresh skips every slot deleted before it, so a new
    // one per step made a sweep through recently used entries quadratic (a second at 40,000 entries).
    const oldestFirst = this.entries.entries();
    while (this.bytes > this.maxBytes) {
      const [k, v] = oldestFirst.next().value as [string, Entry];
      this.entries.delete(k);
      if (v.used) {
        v.used = false;
        this.entries.set(k, v);
      } else this.bytes -= v.bytes;
    }
  }

  get size() {
    return this.entries.size;
  }
  get usedBytes() {
    return this.bytes;
  }
}
