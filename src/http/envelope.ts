// Success bodies per host, exactly as the spec shapes them: bare on the salary host, {data, metadata} on
// cost and skills. Metadata carries provenance from the snapshot's sources table.
import type { HostKind } from "./route.ts";
import type { AnswerMeta } from "./result-cache.ts";
import type { SourcesRepository } from "../snapshot/repositories/sources.ts";
import type { QuotaDecision } from "../state/quota.ts";

/**
 * The success body as JSON text. `dataJson` is JSON.stringify(result.data), made once and reused for repeated
 * requests; the metadata (request id, quota) is per request. Key order is the spec's: data, then metadata.
 */
export function successJson(host: HostKind, result: AnswerMeta, dataJson: string, requestId: string, quota: QuotaDecision | null, sources: SourcesRepository): string {
  if (host === "salary") return dataJson;
  return `{"data":${dataJson},"metadata":${JSON.stringify(successMetadata(host, result, requestId, quota, sources))}}`;
}

function successMetadata(host: Exclude<HostKind, "salary">, result: AnswerMeta, requestId: string, quota: QuotaDecision | null, sources: SourcesRepository) {
  const picked = sources.pick(result.datasets);
  if (host === "cost") {
    return {
      request_id: requestId,
      sources: picked.map((s) => ({ name: `${s.publisher}: ${s.title}`, dataset: s.publisherDataset, url: s.url, last_updated: null })),
      rate_limit: quota ? { remaining: quota.remaining, daily_limit: quota.limit, reset_at: quota.resetAt.toISOString() } : null,
      pagination: result.pagination ?? null,
      data_vintage: sources.vintageLine(result.datasets),
      methodology_notes: result.methodologyNotes ?? null,
      licences: picked.map((s) => ({ dataset: s.publisherDataset, licence: s.licence })),
      ...result.extraMetadata,
    };
  }
  return {
    request_id: requestId,
    sources: picked.map((s) => ({ name: `${s.publisher}: ${s.title}`, url: s.url })),
    rate_limit: quota ? { limit: quota.limit, remaining: quota.remaining, reset: quota.resetAt.toISOString() } : null,
    data_vintage: sources.vintageLine(result.datasets),
    ...(result.methodologyNotes ? { methodology_notes: result.methodologyNotes } : {}),
    licences: picked.map((s) => ({ dataset: s.publisherDataset, licence: s.licence })),
    ...result.extraMetadata,
  };
}

/** IETF RateLimit header fields (reset in seconds), sent on all three hosts; written into `into`. */
export function rateLimitHeaders(quota: QuotaDecision, into: Record<string, string> = {}, now = Date.now()): Record<string, string> {
  into["RateLimit-Limit"] = String(quota.limit);
  into["RateLimit-Remaining"] = String(quota.remaining);
  into["RateLimit-Reset"] = String(Math.max(0, Math.ceil((quota.resetAt.getTime() - now) / 1000)));
  return into;
}
