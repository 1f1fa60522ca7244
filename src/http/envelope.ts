// Success bodies per host, exactly as the spec shapes them: bare on the salary host, {data, metadata} on
// cost and skills. Metadata carries provenance from the snapshot's sources table.
import type { HostKind, RouteResult } from "./route.ts";
import type { SourcesRepository } from "../snapshot/repositories/sources.ts";
import type { QuotaDecision } from "../state/quota.ts";

/**
 * An answer as text, made once and reused for repeated requests: its data, and the parts of its metadata that do
 * not change per request (sources, vintage, notes, licences). Salary-host answers are bare data.
 */
export interface SerialisedAnswer {
  dataJson: string;
  sourcesJson: string;
  restJson: string;
}

export function serialiseAnswer(
  host: HostKind,
  result: RouteResult<unknown>,
  sources: SourcesRepository,
): SerialisedAnswer {
  const dataJson = JSON.stringify(result.data);
  if (host === "salary") return { dataJson, sourcesJson: "", restJson: "" };
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
  // rest always holds data_vintage, so its inner text is never empty.
  return { dataJson, sourcesJson: JSON.stringify(listed), restJson: JSON.stringify(rest).slice(1, -1) };
}

/** The success body: the answer's text with this request's id and quota. Key order is the spec's. */
export function successJson(
  host: HostKind,
  answer: SerialisedAnswer,
  requestId: string,
  quota: QuotaDecision | null,
): string {
  if (host === "salary") return answer.dataJson;
  return `{"data":${answer.dataJson},"metadata":{"request_id":${JSON.stringify(requestId)},"sources":${answer.sourcesJson},"rate_limit":${rateLimitJson(host, quota)},${answer.restJson}}}`;
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
export function rateLimitHeaders(
  quota: QuotaDecision,
  into: Record<string, string> = {},
  now = Date.now(),
): Record<string, string> {
  into["RateLimit-Limit"] = String(quota.limit);
  into["RateLimit-Remaining"] = String(quota.remaining);
  into["RateLimit-Reset"] = String(Math.max(0, Math.ceil((quota.resetAt.getTime() - now) / 1000)));
  return into;
}
