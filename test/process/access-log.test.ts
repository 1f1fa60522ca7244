// The access log as the service writes it: a line per request, the path as the client sent it and never its
// query, every line out by the time the process has stopped.
import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnService } from "../../scripts/lib/service-process.ts";

test("each request is logged once, path without query (a prefixed path as sent), all written before exit", async () => {
  const key = "access-log-test-key-0123456789";
  const svc = await spawnService(
    [process.execPath, "src/main.ts"],
    { BOOTSTRAP_API_KEY: key, STATE_DB: join(mkdtempSync(join(tmpdir(), "wf-log-")), "state.sqlite"), ACCESS_LOG: "1" },
    20_000,
    true,
  );
  const out = (async () => {
    // The rest of stdout after the "listening" line (the stream is read already, so not through Response).
    let text = "";
    for await (const chunk of svc.proc.stdout) text += new TextDecoder().decode(chunk);
    return text;
  })();
  const base = `http://127.0.0.1:${svc.port}`;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(base + path, { headers: { "x-api-key": key, ...headers } }).then(async (r) => (await r.arrayBuffer(), r));
  const a = await get("/salary/api/v1/salary?job_title=Night%20Nurse&location=Boise%2C%20ID");
  const b = await get("/api/v1/occupations/search?q=welder", { host: "skills.localhost" });
  const c = await get("/healthz");
  svc.proc.kill("SIGTERM");
  expect(await svc.proc.exited).toBe(0);
  const text = await out;
  expect(text).not.toContain("Nurse");
  expect(text).not.toContain("welder");
  const logged = text
    .split("\n")
    .filter((l) => l.includes('"msg":"request"'))
    .map((l) => JSON.parse(l));
  expect(logged.map((l) => [l.request_id, l.method, l.path, l.status])).toEqual([
    [a.headers.get("x-request-id"), "GET", "/salary/api/v1/salary", a.status],
    [b.headers.get("x-request-id"), "GET", "/api/v1/occupations/search", 200],
    [c.headers.get("x-request-id"), "GET", "/healthz", 200],
  ]);
  expect(logged[2].key_id).toBeNull();
  expect(logged[1].key_id).toStartWith("key_");
}, 30_000);
