// Hostile and malformed requests, generated with fast-check over every route of every host, and the checks
// each answer must pass: no 5xx, an envelope with the request id on every non-2xx, bounded latency. Used by
// the CI subset (test/process/fuzz.test.ts) and the full run (`npm run fuzz`, scripts/fuzz.ts).
import fc from "fast-check";
import { salaryRoutes } from "../../src/hosts/salary/index.ts";
import { costRoutes } from "../../src/hosts/cost/index.ts";
import { skillsRoutes } from "../../src/hosts/skills/index.ts";
import type { AnyRoute } from "../../src/http/route.ts";

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const ROUTES: [string, AnyRoute][] = [
  ...salaryRoutes.map((r) => ["salary.localhost", r] as [string, AnyRoute]),
  ...costRoutes.map((r) => ["cost.localhost", r] as [string, AnyRoute]),
  ...skillsRoutes.map((r) => ["skills.localhost", r] as [string, AnyRoute]),
];
// Lone surrogates cannot be percent-encoded as UTF-8; their raw byte form is among the raw query strings below.
const enc = (s: string) => encodeURIComponent(s.toWellFormed());
const queryKeys = (r: AnyRoute): string[] => Object.keys((r.query as { shape?: object } | undefined)?.shape ?? {});

// Values with a history of breaking parsers: boundaries, encodings, traversal, injection, huge and odd text.
const nasty = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1",
    "20",
    "101",
    "1e309",
    "-0",
    "NaN",
    "Infinity",
    "null",
    "undefined",
    "true",
    "[]",
    "{}",
    "%",
    "%zz",
    "%00",
    "+",
    "&",
    "../../etc/passwd",
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e%2f",
    "\\..\\..\\windows",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "${7*7}",
    "{{7*7}}",
    "15-1252",
    "15-1252.00",
    "2.A.1.a",
    "US",
    "DE",
    "EL",
    "UK",
    "METRO12420",
    "Austin, TX",
    "Registered Nurse",
    "2024-01-01",
    "2024-02-30",
    "9999-99-99",
    "\u0000",
    "\uFFFF",
    "\uD800",
    "😀".repeat(40),
    "ß".repeat(300),
    "Ω≈ç√∫",
    "東京",
    "x".repeat(20_000),
  ),
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.string({ minLength: 200, maxLength: 3000 }),
);

// What fetch can put in a header (bytes 0x20–0x7E and tabs): everything else is refused client-side.
const headerText = fc.oneof(
  fc.string({ unit: fc.constantFrom(..."abcXYZ019 -_.:;,/=%\t\"'<>{}[]()\\".split("")), maxLength: 300 }),
  fc.constantFrom("%0d%0aSet-Cookie: x=1", "a\tb", " ".repeat(100)),
);

const host = fc.oneof(
  { weight: 8, arbitrary: fc.constant("") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "SALARY.LOCALHOST",
      "salary.localhost:8080",
      "evil.example",
      "localhost",
      "",
      "salary.localhost, cost.localhost",
      "[::1]",
      "x".repeat(500),
    ),
  },
);
const apiKey = fc.oneof(
  { weight: 6, arbitrary: fc.constant("valid") },
  { weight: 1, arbitrary: fc.constantFrom("", "wf_", "wf_" + "A".repeat(29), "x".repeat(257), "x".repeat(8000)) },
  { weight: 1, arbitrary: headerText },
);

/** A path parameter: a real code, a nasty value (encoded), or raw traversal text. */
const param = fc.oneof(
  nasty.map(enc),
  fc.constantFrom(
    "..",
    "%2e%2e",
    "..%2f..%2f",
    "%2F",
    "%",
    "a%20b",
    "%C0%AE%C0%AE",
    "15-1252.00",
    "2.A.1.a",
    "METRO12420",
    "US",
  ),
);

const jsonBodyText = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.anything({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? "null"),
  fc.constantFrom(
    "",
    "{",
    "[1,",
    '{"country":',
    "null",
    "1e999",
    '"\\ud800"',
    '{"a":1,"a":2}',
    "[" + "[".repeat(5000) + "]".repeat(5001),
  ),
  fc
    .record(
      {
        country: nasty,
        employees: fc.array(
          fc.record(
            {
              job_title: nasty,
              gender: fc.oneof(fc.constantFrom("M", "F", "X", "m", ""), nasty),
              salary: fc.oneof(fc.double(), fc.integer(), nasty),
              pay_period: fc.oneof(fc.constantFrom("annual", "monthly", "hourly"), nasty),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 30 },
        ),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        job_title: nasty,
        country: nasty,
        salary_min: fc.oneof(fc.double(), nasty),
        salary_max: fc.oneof(fc.double(), nasty),
        currency: nasty,
        period: nasty,
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
);

/** The value in one case out of `every`, else null. */
const sometimes = <T>(arb: fc.Arbitrary<T>, every: number) =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

export function requestArbitrary(validKey: string): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: fc.constantFrom(...ROUTES),
      hostOverride: host,
      method: fc.oneof(
        { weight: 10, arbitrary: fc.constant("") },
        { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD") },
      ),
      params: fc.array(param, { minLength: 3, maxLength: 3 }),
      known: fc.array(fc.tuple(fc.nat(), nasty), { maxLength: 5 }),
      unknown: fc.array(fc.tuple(nasty, nasty), { maxLength: 2 }),
      duplicate: fc.boolean(),
      rawQuery: sometimes(
        fc.constantFrom(
          "%",
          "&&&",
          "=",
          "a=%zz",
          "?",
          "#frag",
          "%00=%00",
          "job_title",
          "q=%ED%A0%80",
          "q=%C0%AE",
          "q=%FF%FE",
        ),
        10,
      ),
      key: apiKey,
      contentType: fc.constantFrom(
        "application/json",
        "application/json; charset=utf-8",
        "application/problem+json",
        "text/plain",
        "",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
      ),
      body: jsonBodyText,
      requestId: sometimes(headerText, 4),
      forwardedHost: sometimes(
        fc.oneof(
          headerText,
          fc.constantFrom("salary.localhost", "cost.localhost, proxy.internal", "skills.localhost:443"),
        ),
        10,
      ),
    })
    .map((g) => {
      const [routeHost, route] = g.route;
      const keys = queryKeys(route);
      let i = 0;
      const path = route.path.replace(/:[a-z_]+/g, () => g.params[i++ % 3]);
      const pairs: [string, string][] = [
        ...g.known.filter(() => keys.length).map(([n, v]) => [keys[n % keys.length], v] as [string, string]),
        ...g.unknown,
      ];
      if (g.duplicate && pairs.length) pairs.push(pairs[0]);
      const query = pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&") + (g.rawQuery ? `&${g.rawQuery}` : "");
      const method = g.method || route.method;
      const headers: Record<string, string> = { host: g.hostOverride || routeHost };
      if (g.key) headers["x-api-key"] = g.key === "valid" ? validKey : g.key;
      if (g.requestId !== null) headers["x-request-id"] = g.requestId;
      if (g.forwardedHost !== null) headers["x-forwarded-host"] = g.forwardedHost;
      const hasBody = method === "POST" || method === "PUT" || method === "PATCH";
      if (hasBody && g.contentType) headers["content-type"] = g.contentType;
      return { method, path: query ? `${path}?${query}` : path, headers, body: hasBody ? g.body : undefined };
    });
}

export interface FuzzOutcome {
  status: number;
  ms: number;
  problem: string | null;
}

/** Send one request and check the answer. A problem is described in words; null means the answer is fine. */
export async function sendAndCheck(base: string, req: FuzzRequest, timeoutMs = 10_000): Promise<FuzzOutcome> {
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(base + req.path, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    return { status: 0, ms: performance.now() - started, problem: `no answer: ${String(err).slice(0, 200)}` };
  }
  const text = await res.text();
  const ms = performance.now() - started;
  const problem = checkAnswer(req, res, text);
  return { status: res.status, ms, problem };
}

function checkAnswer(req: FuzzRequest, res: Response, text: string): string | null {
  if (res.status >= 500) return `status ${res.status}: ${text.slice(0, 300)}`;
  if (/\n\s+at |\/work\/|node_modules|\.ts:\d+/.test(text))
    return `stack trace or file path in the body: ${text.slice(0, 300)}`;
  const key = req.headers["x-api-key"];
  if (key && key.length >= 16 && text.includes(key)) return "the API key is echoed in the body";
  if (res.status < 400 || req.method === "HEAD") return null;
  // Bun answers 431 itself for oversized headers, before the app (documented).
  if (res.status === 431) return null;
  let body: { error?: { code?: unknown; status?: unknown; request_id?: unknown; message?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    return `non-JSON ${res.status} body: ${text.slice(0, 200)}`;
  }
  const e = body.error;
  if (!e || typeof e.code !== "string" || typeof e.message !== "string")
    return `no error envelope: ${text.slice(0, 200)}`;
  if (e.status !== res.status) return `envelope status ${String(e.status)} ≠ ${res.status}`;
  if (typeof e.request_id !== "string" || e.request_id !== res.headers.get("x-request-id"))
    return "request_id missing or ≠ X-Request-Id";
  return null;
}

export interface FuzzSummary {
  requests: number;
  byStatus: Record<number, number>;
  problems: { req: FuzzRequest; outcome: FuzzOutcome }[];
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Generate `count` requests from `seed` in batches and send them `concurrency` at a time. */
export async function fuzz(
  base: string,
  validKey: string,
  count: number,
  seed: number,
  concurrency = 16,
): Promise<FuzzSummary> {
  const arbitrary = requestArbitrary(validKey);
  const byStatus: Record<number, number> = {};
  const problems: FuzzSummary["problems"] = [];
  const times: number[] = [];
  for (let done = 0, batch = 0; done < count; batch++) {
    const requests = fc.sample(arbitrary, { numRuns: Math.min(1000, count - done), seed: seed + batch });
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests.length) {
          const req = requests[next++];
          const outcome = await sendAndCheck(base, req);
          byStatus[outcome.status] = (byStatus[outcome.status] ?? 0) + 1;
          times.push(outcome.ms);
          if (outcome.problem && problems.length < 50)
            problems.push({ req: { ...req, body: req.body?.slice(0, 300) }, outcome });
        }
      }),
    );
    done += requests.length;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return {
    requests: times.length,
    byStatus,
    problems,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: times[times.length - 1],
  };
}
