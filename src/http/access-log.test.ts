// The access log's lines: the text JSON.stringify would give, in request order, written in batches.
import { expect, test } from "bun:test";
import { accessLogJson, createAccessLog, type AccessLogLine } from "./access-log.ts";

const line = (i: number, path = "/api/v1/salary"): AccessLogLine => ({
  requestId: `req_${i}`,
  keyId: i % 2 ? null : "key_1",
  method: "GET",
  path,
  status: 200,
  durationMs: 0.125,
});

test("a line is the JSON of the documented fields, in their order; a quote or control character in a path is escaped", () => {
  const path = '/a"b\\c\u0001é';
  expect(JSON.parse(accessLogJson(line(2, path), ',"worker":2'))).toEqual({
    level: "info",
    msg: "request",
    request_id: "req_2",
    key_id: "key_1",
    method: "GET",
    path,
    status: 200,
    duration_ms: 0.125,
    worker: 2,
  });
  expect(accessLogJson(line(1), "")).toBe(
    '{"level":"info","msg":"request","request_id":"req_1","key_id":null,"method":"GET","path":"/api/v1/salary","status":200,"duration_ms":0.125}',
  );
});

test("lines of one turn of the event loop go out together, in order; each write whole lines of at most 4 KB", async () => {
  const writes: string[] = [];
  const log = createAccessLog({}, (text) => writes.push(text));
  for (let i = 0; i < 3; i++) log.log(line(i));
  expect(writes).toEqual([]); // not on the request's path
  await new Promise((resolve) => setImmediate(resolve));
  expect(writes).toHaveLength(1);
  expect(writes[0].split("\n").map((l) => l && JSON.parse(l).request_id)).toEqual(["req_0", "req_1", "req_2", ""]);

  // A burst past 64 KB is written as it comes, not held for the turn to end.
  const long = "/x".repeat(500); // each line ~1.1 KB
  for (let i = 0; i < 100; i++) log.log(line(i, long));
  expect(writes.slice(1).join("").length).toBeGreaterThanOrEqual(64 * 1024);
  await new Promise((resolve) => setImmediate(resolve));
  for (const text of writes) {
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text.endsWith("\n")).toBe(true);
  }
  const ids = writes
    .slice(1)
    .join("")
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l).request_id);
  expect(ids).toEqual(Array.from({ length: 100 }, (_, i) => `req_${i}`));
});

test("a write that fails (stdout closed) drops its lines and throws nothing", async () => {
  const log = createAccessLog({}, () => {
    throw Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
  });
  log.log(line(1));
  expect(() => log.flush()).not.toThrow();
});

test("lines logged just before the process exits are written", async () => {
  // A process that logs and exits in the same turn of the loop: only the exit hook can write the lines.
  const script = `import { createAccessLog } from ${JSON.stringify(`${import.meta.dir}/access-log.ts`)};
    const log = createAccessLog({ worker: 3 });
    for (let i = 0; i < 5; i++) log.log({ requestId: "req_" + i, keyId: null, method: "GET", path: "/healthz", status: 200, durationMs: 0.1 });
    process.exit(0);`;
  const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe" });
  const out = await new Response(child.stdout).text();
  expect(await child.exited).toBe(0);
  expect(
    out
      .trim()
      .split("\n")
      .map((l) => [JSON.parse(l).request_id, JSON.parse(l).worker]),
  ).toEqual([0, 1, 2, 3, 4].map((i) => [`req_${i}`, 3]));
});
