// Success bodies per host, exactly as the spec shapes them: bare on the salary host, {data, metadata} on
// cost and skills. Metadata carries provenance from the snapshot's sources table.
import type { HostKind, RouteResult } from "./route.ts";
import type { SourcesRepository } from "../snapshot/repositories/sources.ts";
import type { QuotaDecision } from "../state/quota.ts";

/**
 * An answer made once and reused for repeated requests. On the salary host its body is the bare data's JSON, the
 * same text for everyone. On cost and skills the body is {data, metadata} with the request's id and quota inside:
 * kept as the UTF-8 bytes around those two, so a request copies bytes instead of joining a string and encoding it
 * again (a CPI history is 61 KB: each request left about three copies of it as garbage).
 */
export type SerialisedAnswer = { text: string } | { around: readonly [Uint8Array, Uint8Array, Uint8Array] };

const utf8 = new TextEncoder();

export function serialiseAnswer(
  host: HostKind,
  result: RouteResult<unknown>,
  sources: SourcesRepository,
): SerialisedAnswer {
  const dataJson = JSON.stringify(result.data);
  if (host === "salary") return { text: dataJson };
  const picked = sources.pick(result.datasets);
  const licences = picked.map((s) => ({ dataset: s.publisherDataset, licence: s.licence }));
  const dataVintage = sources.citation(result.datasets);
  const [listed, rest] =
    host === "cost"
      ? [
          picked.map((s) => ({
            name: `${s.publisher}: ${s.title}`,
            dataset: s.publisherDataset,
            url: s.url,
            last_updated: null,
          })),
          {
            pagination: result.pagination ?? null,
            data_vintage: dataVintage,
            methodology_notes: result.methodologyNotes ?? null,
            licences,
            ...result.extraMetadata,
          },
        ]
      : [
          picked.map((s) => ({ name: `${s.publisher}: ${s.title}`, url: s.url })),
          {
            data_vintage: dataVintage,
            ...(result.methodologyNotes ? { methodology_notes: result.methodologyNotes } : {}),
            licences,
            ...result.extraMetadata,
          },
        ];
  // Key order is the spec's: data, then metadata's request_id, sources, rate_limit and the rest (never empty: it
  // always holds data_vintage).
  return {
    around: [
      utf8.encode(`{"data":${dataJson},"metadata":{"request_id":`),
      utf8.encode(`,"sources":${JSON.stringify(listed)},"rate_limit":`),
      utf8.encode(`,${JSON.stringify(rest).slice(1, -1)}}}`),
    ],
  };
}

// Bodies on cost and skills are written into one buffer kept for the process: a `Response` copies the bytes it is
// made from (Bun; envelope.test.ts holds this), while a fresh array per answer (a search is 7 KB) cost the
// collector about 3 µs a request in this process's large heap.
let scratch = new Uint8Array(64 * 1024);

/**
 * The success body: the answer with this request's id and quota (on cost and skills), as text or UTF-8 bytes. The
 * bytes are a view of a shared buffer, valid until the next call: make the Response from them at once.
 */
export function successBody(
  host: HostKind,
  answer: SerialisedAnswer,
  requestId: string,
  quota: QuotaDecision | null,
): string | Uint8Array<ArrayBuffer> {
  if ("text" in answer) return answer.text;
  const [head, middle, tail] = answer.around;
  // Both texts put in are ASCII without quotes or backslashes (a request id is [A-Za-z0-9._:-]{8,128},
  // request-context.ts): each character is one byte, and the id needs no escaping.
  const id = `"${requestId}"`;
  const rateLimit = host === "salary" ? "null" : rateLimitJson(host, quota);
  const size = head.length + id.length + middle.length + rateLimit.length + tail.length;
  if (scratch.length < size) scratch = new Uint8Array(Math.max(size, 2 * scratch.length));
  const body = scratch;
  body.set(head, 0);
  let at = writeAscii(id, body, head.length);
  body.set(middle, at);
  at = writeAscii(rateLimit, body, at + middle.length);
  body.set(tail, at);
  return body.subarray(0, size);
}

/** Writes an ASCII text into `into` from `at`; returns where it ends. (No encoder call or array per text.) */
function writeAscii(text: string, into: Uint8Array, at: number): number {
  for (let i = 0; i < text.length; i++) into[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** How many bytes an answer holds (the answer cache's budget counts them). */
export const answerBytes = (answer: SerialisedAnswer): number =>
  "text" in answer ? 2 * answer.text.length : answer.around.reduce((sum, part) => sum + part.byteLength, 0);

let lastIso = { ms: Number.NaN, text: "" };
/** A reset time as ISO text; the same for a whole day, so it is formatted once. */
function isoTime(date: Date): string {
  const ms = date.getTime();
  if (ms !== lastIso.ms) lastIso = { ms, text: date.toISOString() };
  return lastIso.text;
}

/** metadata.rate_limit: {remaining, daily_limit, reset_at} on the cost host, {limit, remaining, reset} on skills. */
function rateLimitJson(host: Exclude<HostKind, "salary">, quota: QuotaDecision | null): string {
  if (!quota) return "null";
  const reset = isoTime(quota.resetAt);
  return host === "cost"
    ? `{"remaining":${quota.remaining},"daily_limit":${quota.limit},"reset_at":"${reset}"}`
    : `{"limit":${quota.limit},"remaining":${quota.remaining},"reset":"${reset}"}`;
}

/** IETF RateLimit header fields, sent on all three hosts: the limit, what is left, and seconds to the reset. */
export const RATE_LIMIT_FIELDS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"] as const;

/** The values of RATE_LIMIT_FIELDS, in that order, as numbers: the limit, what is left, whole seconds to the reset. */
export function rateLimitValues(quota: QuotaDecision, now = Date.now()): [number, number, number] {
  return [quota.limit, quota.remaining, Math.max(0, Math.ceil((quota.resetAt.getTime() - now) / 1000))];
}

/** The RateLimit fields written into `into`. */
export function rateLimitHeaders(quota: QuotaDecision, into: Record<string, string> = {}, now = Date.now()) {
  const values = rateLimitValues(quota, now);
  RATE_LIMIT_FIELDS.forEach((name, i) => {
    into[name] = String(values[i]);
  });
  return into;
}
