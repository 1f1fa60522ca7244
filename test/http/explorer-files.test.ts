// The explorer's files as HTTP: index.html at / and every /explore/… page on any Host, hashed assets kept by
// browsers, everything else a 404 in the envelope; the page's CSP allows only this origin.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { buildExplorer } from "../../scripts/build-explorer.ts";
import { serveExplorer } from "../../src/http/explorer.ts";
import { beginRequest } from "../../src/http/request-context.ts";

let s: TestServer;
beforeAll(async () => {
  await buildExplorer(); // from the current source
  s = startTestServer();
});
afterAll(() => s.stop());

const get = (path: string, host = "explorer.example.org", method = "GET") => s.call(host, path, { key: null, method });

test("/, /explore and any page under it answer the same page on any Host, with no key needed", async () => {
  const bodies = new Set<string>();
  for (const [path, host] of [
    ["/", "explorer.example.org"],
    ["/explore", "salary"],
    ["/explore/salary", "cost"],
    ["/explore/occupation/15-1252.00", "127.0.0.1"],
  ]) {
    const res = await get(path, host);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    bodies.add(await res.text());
  }
  expect(bodies.size).toBe(1);
  expect([...bodies][0]).toContain('<script type="module" crossorigin src="/explore/assets/');
});

test("the page's CSP allows scripts, styles and calls from its own origin only, and no framing", async () => {
  const csp = (await get("/")).headers.get("content-security-policy")!;
  const directives = Object.fromEntries(
    csp.split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]),
  );
  expect(directives).toMatchObject({
    "default-src": "'none'",
    "script-src": "'self'",
    "style-src": "'self'",
    "connect-src": "'self'",
    "frame-ancestors": "'none'",
  });
  expect(csp).not.toContain("unsafe");
  expect(csp).not.toContain("http");
});

test("assets answer with their type and may be kept for good (their names carry their hash); others are 404 in the envelope", async () => {
  const html = await (await get("/")).text();
  const script = html.match(/src="(\/explore\/assets\/[^"]+\.js)"/)![1];
  const style = html.match(/href="(\/explore\/assets\/[^"]+\.css)"/)![1];
  const js = await get(script);
  expect([js.status, js.headers.get("content-type"), js.headers.get("cache-control")]).toEqual([
    200,
    "text/javascript; charset=utf-8",
    "public, max-age=31536000, immutable",
  ]);
  expect((await get(style)).headers.get("content-type")).toBe("text/css; charset=utf-8");
  for (const path of [
    "/explore/assets/nothing.js",
    "/explore/assets/index.html",
    "/explore/assets/",
    "/explore/assets/..%2findex.html",
    "/explore/assets/..%2f..%2fpackage.json",
    "/explore/assets/%2e%2e/%2e%2e/package.json",
  ]) {
    const res = await get(path);
    expect(res.status).toBe(404);
    const body = (await res.json()) as any;
    // The dot segments are resolved before routing ("/package.json"), which no host serves without a Host it knows.
    expect(body.error.code).toBe(path.includes("%2e") ? "UNKNOWN_HOST" : "NOT_FOUND");
    expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
  }
});

test("HEAD answers the headers only; other methods 405 with Allow", async () => {
  const head = await get("/explore/cost", "explorer.example.org", "HEAD");
  expect(head.status).toBe(200);
  expect(await head.text()).toBe("");
  const post = await get("/explore/cost", "explorer.example.org", "POST");
  expect([post.status, post.headers.get("allow"), ((await post.json()) as any).error.code]).toEqual([
    405,
    "GET, HEAD",
    "METHOD_NOT_ALLOWED",
  ]);
});

test("paths that only look like the explorer's are not: /explorer and /exploreX go to host routing", async () => {
  for (const path of ["/explorer", "/exploreX/salary"])
    expect((await get(path, "explorer.example.org")).status).not.toBe(200);
});

test("an unbuilt explorer: the browser is told to ask the operator (in the envelope), the log says how to build it", async () => {
  const logged: string[] = [];
  const original = console.error;
  console.error = (line: string) => void logged.push(line);
  let res: Response;
  try {
    res = serveExplorer("/", "GET", beginRequest(new Request("http://x/")), new Map(), "/docs");
  } finally {
    console.error = original;
  }
  expect(res.status).toBe(404);
  const body = (await res.json()) as any;
  expect(body.error).toMatchObject({
    message: "The explorer is not installed on this server.",
    suggestion: "Ask whoever runs this service to build it.",
  });
  expect(logged.join("\n")).toContain("npm run explorer");
});

test("explorer code imports the API's modules for their types only, and uses no Bun global (it runs in a browser)", async () => {
  const root = "src/explorer";
  const offences: string[] = [];
  for (const file of new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: root })) {
    if (file.endsWith(".test.ts")) continue;
    const text = await Bun.file(`${root}/${file}`).text();
    if (/\bBun\./.test(text)) offences.push(`${file}: Bun global`);
    // A value import from outside the explorer would bundle server code; types are erased.
    for (const m of text.matchAll(/^import (?!type )[^;]*?from "([^"]+)"/gm))
      if (/\/(?:hosts|snapshot|http|state)\/|\/services\.ts$/.test(m[1]!))
        offences.push(`${file}: value import of ${m[1]}`);
  }
  expect(offences).toEqual([]);
});
