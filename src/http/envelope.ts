// Success bodies per host, exactly as the spec shapes them: bare on the salary host, {data, metadata} on
// cost and skills. Metadata carries provenance from the snapshot's sources table.
import type { HostKind } from "./route.ts";
import type { AnswerMeta } from "./result-cache.ts";
import type { SourcesRepository } from "../snapshot/repositories/sources.ts";
import type { QuotaDecision } from "../state/quota.ts";

/**
 * The success body as JSON text. `dataJson` is JSON.stringify(result.data), made once and reused for repeated
 * requests. In metadata only request_id and rate_limit change per request; the rest (sources, vintage, notes,
 * licences) is serialised once per answer. Key order is the spec's: data, then metadata.
 */
export function successJson(host: HostKind, result: AnswerMeta, dataJson: string, requestId: string, quota: QuotaDecision | null, sources: SourcesRepository): string {
  if (host === "salary") return dataJson;
  let fixed = fixedParts.get(result);
  if (!fixed) fixedParts.set(result, (fixed = fixedMetadata(host, result, sources)));
  return `{"data":${dataJson},"metadata":{"request_id":${JSON.stringify(requestId)},"sources":${fixed.sourcesJson},"rate_limit":${rateLimitJson(host, quota)},${fixed.restJson}}}`;
}

// Keyed by the answer's metadata object, which the answer cache keeps and reuses.
const fixedParts = new WeakMap<AnswerMeta, { sourcesJson: string; restJson: string }>();

function fixedMetadata(host: Exclude<HostKind, "salary">, result: AnswerMeta, sources: SourcesRepository) {
  const picked = sources.pick(result.datasets);
  const licences = picked.map((s) => ({ dataset: s.publisherDataset, licence: s.licence }));
  const dataVintage = sources.vintageLine(result.datasets);
  const [listed, rest] = host === "cost"
    ? [picked.map((s) => ({ name: `${s.publisher}: ${s.title}`, dataset: s.publisherDataset, url: s.url, last_updated: null })),
      { pagination: result.pagination ?? null, data_vintage: dataVintage, methodology_notes: result.methodologyNotes ?? null, licences, ...result.extraMetadata }]
    : [picked.map((s) => ({ name: `${s.publisher}: ${s.title}`, url: s.url })),
      { data_vintage: dataVintage, ...(result.methodologyNotes ? { methodology_notes: result.methodologyNotes } : {}), licences, ...result.extraMetadata }];
  // rest always holds data_vintage, so its inner text is never empty.
  return { sourcesJson: JSON.stringify(listed), restJson: JSON.stringify(rest).slice(1, -1) };
}

/** metadata.rate_limit: {remaining, daily_limit, reset_at} on the cost host, {limit, remaining, reset} on skills. */
function rateLimitJson(host: Exclude<HostKind, "salary">, quota: QuotaDecision | null): string {
  if (!quota) return "null";
  const reset = quota.resetAt.toISOString();
  return host === "cost"
    ? `{"remaining":${quota.remaining},"daily_limit":${quota.limit},"reset_at":"${reset}"}`
    : `{"limit":${quota.limit},"remaining":${quota.remaining},"reset":"${reset}"}`;
}

/** IETF RateLimit header fields (reset in seconds), sent on all three hosts; written into `into`. */
export function rateLimitHeaders(quota: QuotaDecision, into: Record<string, string> = {}, now = Date.now()): Record<string, string> {
  into["RateLimit-Limit"] = String(quota.limit);
  into["RateLimit-Remaining"] = String(quota.remaining);
  into["RateLimit-Reset"] = String(Math.max(0, Math.ceil((quota.resetAt.getTime() - now) / 1000)));
  return into;
}
