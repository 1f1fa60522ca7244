// WORKERS=2: two processes serve one port and share keys and quotas through the state database. Each says it is
// listening on the same port; a key's daily quota is admitted exactly, however the kernel spreads the requests over
// the two; a SIGTERM to the supervisor stops both gracefully; a worker that dies takes the service down whole; and
// a configuration that cannot work is refused before anything starts.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runToEnd } from "../../scripts/lib/service-process.ts";
import { freePort } from "../../scripts/lib/proc.ts";

const dir = mkdtempSync(join(tmpdir(), "wf-workers-"));
const stateDb = join(dir, "state.sqlite");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The supervisor with two workers, once both say they listen; its output so far and the rest as it comes. */
async function startWorkers(extraEnv: Record<string, string> = {}) {
  const port = freePort();
  const proc = Bun.spawn([process.execPath, "src/main.ts"], {
    env: {
      ...process.env,
      WORKERS: "2",
      PORT: String(port),
      LISTEN_ADDRESS: "127.0.0.1",
      STATE_DB: stateDb,
      ACCESS_LOG: "0",
      ...extraEnv,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = proc.stdout.getReader();
  let out = "";
  const deadline = Date.now() + 30_000;
  while ((out.match(/"listening"/g) ?? []).length < 2 && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  const rest = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return out;
      out += new TextDecoder().decode(value);
    }
  })();
  return { proc, port, output: () => out, rest, stderr: new Response(proc.stderr).text() };
}

const lines = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l));

test("two workers listen on one port, admit a key's daily quota exactly between them, and stop together on SIGTERM", async () => {
  const created = await runToEnd(
    [
      process.execPath,
      "src/main.ts",
      "keys",
      "create",
      "--tier",
      "free",
      "--scopes",
      "skills:read",
      "--daily-limit",
      "40",
    ],
    { STATE_DB: stateDb },
  );
  expect(created.code).toBe(0);
  const key = /key \(shown once, store it now\): (\S+)/.exec(created.stdout)![1];
  const service = await startWorkers({ ACCESS_LOG: "1" });
  try {
    const listening = lines(service.output()).filter((l) => l.msg === "listening");
    expect(listening.map((l) => l.worker).sort()).toEqual([1, 2]);
    expect(new Set(listening.map((l) => l.port))).toEqual(new Set([service.port]));
    expect(new Set(listening.map((l) => l.pid)).size).toBe(2);
    const started = lines(service.output()).find((l) => l.msg === "workers started");
    expect(started.pids.sort()).toEqual(listening.map((l) => l.pid).sort());

    // 120 requests at once, each on a connection of its own (the kernel picks a worker per connection): 40 pass.
    const statuses = await Promise.all(
      Array.from({ length: 120 }, () =>
        fetch(`http://127.0.0.1:${service.port}/api/v1/occupations/search?q=nurse`, {
          headers: { host: "skills.localhost", "x-api-key": key, connection: "close" },
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80);
  } finally {
    service.proc.kill("SIGTERM");
  }
  expect(await service.proc.exited).toBe(0);
  const logged = lines(await service.rest);
  expect(logged.filter((l) => l.msg === "stopped")).toHaveLength(2);
  // Both answered some of the 120 (each access-log line names its worker).
  const answeredBy = logged.filter((l) => l.msg === "request").map((l) => l.worker);
  expect(answeredBy).toHaveLength(120);
  expect(new Set(answeredBy)).toEqual(new Set([1, 2]));
}, 60_000);

test("a worker that dies stops the other, and the supervisor exits with the failure", async () => {
  const service = await startWorkers();
  const workerPid = lines(service.output()).find((l) => l.msg === "listening").pid;
  process.kill(workerPid, "SIGKILL");
  expect(await service.proc.exited).not.toBe(0);
  expect(await service.stderr).toContain("a worker stopped on its own; stopping the others");
  expect(lines(await service.rest).filter((l) => l.msg === "stopped")).toHaveLength(1); // the other one, gracefully
}, 60_000);

test("WORKERS above 1 with PORT=0, or not a number, is refused at start with the variable named", async () => {
  for (const [env, message] of [
    [{ WORKERS: "2", PORT: "0" }, "WORKERS above 1 needs a fixed PORT"],
    [{ WORKERS: "many" }, "WORKERS is a whole number"],
  ] as const) {
    const r = await runToEnd([process.execPath, "src/main.ts"], { ...env, STATE_DB: stateDb });
    expect(r.code).toBe(2); // one line, exit 2, as every start-up failure
    expect(r.stderr).toContain(message);
  }
});
