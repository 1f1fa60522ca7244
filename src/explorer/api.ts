// Calls the API from the page: same origin, by path prefix (/salary/api/v1/…), with the key the user entered.
// The key lives in sessionStorage only: gone when the tab closes, never in a cookie or the URL.
export type Host = "salary" | "cost" | "skills";

const KEY_STORAGE = "workforce-api.key";
export const storedKey = () => sessionStorage.getItem(KEY_STORAGE) ?? "";
export const storeKey = (key: string) =>
  key ? sessionStorage.setItem(KEY_STORAGE, key) : sessionStorage.removeItem(KEY_STORAGE);

/** An error answer in the API's envelope: its message and suggestion are what the page shows. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly suggestion: string | null,
    readonly requestId: string | null,
    readonly errors: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | undefined | null>;

export async function call<T>(
  host: Host,
  path: string,
  options: { query?: Query; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const url = new URL(`/${host}${path}`, location.origin);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { "X-API-Key": storedKey() };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method: options.body === undefined ? "GET" : "POST",
    headers,
    signal: options.signal,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const e = body?.error ?? {};
    throw new ApiFailure(
      response.status,
      e.code ?? `HTTP_${response.status}`,
      e.message ?? response.statusText,
      e.suggestion ?? null,
      e.request_id ?? response.headers.get("x-request-id"),
      e.errors ?? [],
    );
  }
  return body as T;
}

/**
 * For a view that can ask again before an answer arrives: `begin()` before each request, and only the answer to
 * the latest `begin()` is applied (`current(token)`), so a slow older answer never overwrites a newer one.
 */
export function latestOnly() {
  let last = 0;
  return { begin: () => ++last, current: (token: number) => token === last };
}

/** Whether an error is worth showing (a call the page itself abandoned is not). */
export const shownError = (e: unknown) => !(e instanceof DOMException && e.name === "AbortError");

/** The cost and skills hosts' envelope. */
export interface Enveloped<T> {
  data: T;
  metadata: { sources: { name: string; url?: string }[]; data_vintage?: string; methodology_notes?: string };
}

/** "Source: … (vintage)" for an enveloped answer. */
export const sourceOf = (m: Enveloped<unknown>["metadata"]) =>
  `${m.sources.map((s) => s.name).join("; ")}${m.data_vintage ? `. Vintage: ${m.data_vintage}` : ""}`;
