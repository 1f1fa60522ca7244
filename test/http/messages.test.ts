// Messages read well (issue 38): every error a client can provoke on every route — each query field and path
// parameter given a wrong value, each body field a wrong type, an unknown parameter, malformed JSON, a title or
// place that matches nothing — is collected with its suggestion and field messages, and none may speak a
// library's jargon, tell a client an operator's command, or say one clause twice. The explorer's own text too.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { startTestServer, type TestServer } from "../support/server.ts";
import { ROUTES, requestOf } from "../support/routes.ts";

let s: TestServer;
beforeAll(() => {
  s = startTestServer({ EU_LEGACY_ENDPOINTS: "on" });
});
afterAll(() => s.stop());

const BAD_VALUES = ["abc", "1.5", "-3", "", "x".repeat(300)];

/** What an error answer says in words: its message, suggestion and each field's message. */
function wordsOf(body: any): string[] {
  const e = body?.error;
  if (!e) return [];
  const fields = [...(e.errors ?? []), ...(e.details ?? [])].map((d: any) => d?.message).filter(Boolean);
  return [e.message, e.suggestion, ...fields].filter((m): m is string => typeof m === "string");
}

/** Every message the routes answer to bad input, with the request that got it. */
async function collect(): Promise<{ request: string; message: string }[]> {
  const out: { request: string; message: string }[] = [];
  const send = async (host: string, url: string, method: string, body?: string) => {
    const res = await s.call(host, url, {
      method,
      body,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
    });
    if (res.status < 400) return;
    for (const message of wordsOf(await res.json().catch(() => null)))
      out.push({ request: `${method} ${url} ${body ?? ""}`.slice(0, 160), message });
  };
  for (const { host, route } of ROUTES) {
    const example = route.examples[0];
    const base = requestOf(route, example);
    const queryKeys = Object.keys((route.query as any)?.shape ?? {});
    for (const key of queryKeys)
      for (const bad of BAD_VALUES)
        await send(host, requestOf(route, example, { [key]: bad }).url, route.method, base.body);
    await send(host, requestOf(route, example, { pagesize: "10" }).url, route.method, base.body);
    for (const name of Object.keys((route.params as any)?.shape ?? {})) {
      const params = { ...(example.params as Record<string, string>), [name]: "zz!9" };
      await send(host, requestOf(route, { ...example, params }).url, route.method, base.body);
    }
    if (route.method === "POST") {
      await send(host, base.url, "POST", "{not json");
      await send(host, base.url, "POST", "{}");
      for (const field of Object.keys((example.body as Record<string, unknown>) ?? {}))
        for (const bad of ["abc", 1.5, -3, [], null])
          await send(host, base.url, "POST", JSON.stringify({ ...(example.body as object), [field]: bad }));
    }
  }
  // Answers to inputs that match nothing (the domain's own errors).
  for (const [host, url] of [
    ["salary", "/api/v1/salary?job_title=xyzzy%20qwrtp"],
    ["salary", "/api/v1/salary?job_title=nurse&location=Xyzzyville"],
    ["salary", "/api/v1/salary?job_title=nurse&location=Remote%20-%20EMEA"],
    ["salary", "/api/v1/salary?job_title=nurse&location=London"],
    ["salary", "/api/v1/trends?job_title=nurse&location=Germany"],
    ["cost", "/api/v1/ppp/countries/XX"],
    ["skills", "/api/v1/skills/9.Z.9"],
  ])
    await send(host!, url!, "GET");
  return out;
}

// Library words where a client should read what the value must be ("expected int, received number").
const JARGON = [
  /\b(?:expected|received)\b.*\b(?:int|number|string|nan|undefined|object|array|boolean|bigint)\b/i,
  /\bInvalid (?:input|option|type|union|enum value|discriminator|string|key|element|URL)\b/,
  /\bExpected '/,
  /\bToo (?:small|big)\b/,
  /\bNaN\b/,
];
// An operator's remedy in an answer to a client: the client cannot run it.
const OPERATOR = /npm run|bun run|environment variable|STATE_DB|DATA_MIRROR|BOOTSTRAP_API_KEY/;

/** A run of words said twice in one message: four with a figure in them ("1823 EUR a month, which is 1823 EUR a month"), or six. */
function repeatedClause(message: string): string | null {
  const words = message.toLowerCase().match(/[\p{L}\p{N}%€$]+(?:[-.,/][\p{L}\p{N}]+)*/gu) ?? [];
  const seen = new Set<string>();
  for (const size of [4, 6])
    for (let i = 0; i + size <= words.length; i++) {
      const run = words.slice(i, i + size).join(" ");
      if (size === 4 && !/\d/.test(run)) continue;
      if (seen.has(run)) return run;
      seen.add(run);
    }
  return null;
}

test("every error and suggestion the routes give to bad input reads as a sentence for the client", async () => {
  const messages = await collect();
  if (process.env.SHOW_MESSAGES) for (const m of new Set(messages.map((x) => x.message))) console.log(m);
  expect(messages.length).toBeGreaterThan(500); // the walk reached every route
  const offences = messages.flatMap(({ request, message }) => [
    ...(JARGON.some((j) => j.test(message)) ? [{ request, message, rule: "library jargon" }] : []),
    ...(OPERATOR.test(message) ? [{ request, message, rule: "an operator's command" }] : []),
    ...(repeatedClause(message) ? [{ request, message, rule: `said twice: ${repeatedClause(message)}` }] : []),
  ]);
  expect(offences.slice(0, 10)).toEqual([]);
  // A field named twice in the summary ("q: q must have…") reads as a stutter.
  expect(messages.filter((m) => /(?:^|: |; )(\w+): \1 /.test(m.message)).slice(0, 5)).toEqual([]);
}, 120_000);

test("the rules catch what they are for (so the walk above cannot pass by checking nothing)", () => {
  expect(JARGON.some((j) => j.test("Invalid input: expected int, received number"))).toBe(true);
  expect(JARGON.some((j) => j.test("must be a whole number"))).toBe(false);
  expect(JARGON.some((j) => j.test("Invalid discriminator value. Expected 'swiss_standard' | 'custom'"))).toBe(true);
  expect(OPERATOR.test("Create one with `npm run keys -- create`.")).toBe(true);
  expect(repeatedClause("min_salary is 1823 EUR a month, which is 1823 EUR a month")).not.toBeNull();
  expect(repeatedClause("a code such as 15-1252.00 or a code such as 15-1252")).toBeNull();
  expect(repeatedClause("the one notable place that close, and the one notable place that far")).toBeNull();
  expect(
    repeatedClause("40 hours were assumed for the week, and so 40 hours were assumed for the week"),
  ).not.toBeNull();
  expect(
    repeatedClause("the weekly hours were not stated, and the weekly hours were not stated either"),
  ).not.toBeNull();
  expect(repeatedClause("line 2 has 4 fields where the header has 3")).toBeNull();
});

test("the explorer's own text names no operator command and shows no markdown backticks", async () => {
  const root = resolve(import.meta.dir, "../../src/explorer");
  const offences: string[] = [];
  for (const file of new Bun.Glob("**/*.tsx").scanSync({ cwd: root })) {
    const source = await Bun.file(join(root, file)).text();
    // JSX text between tags, and string literals shown as text.
    for (const m of source.matchAll(/>([^<>{}]*)</g))
      if (/`|npm run/.test(m[1]!)) offences.push(`${file}: ${m[1]!.trim().slice(0, 80)}`);
  }
  expect(offences).toEqual([]);
});
