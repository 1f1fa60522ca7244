// Statelessness of the compliance endpoints: a real service process is sent bodies holding secrets, then its state
// folder and everything it printed are searched for them. Its access log is captured too, so a silent log proves nothing.
import { expect } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnService } from "../../scripts/lib/service-process.ts";

/** Sends each body (raw JSON text) to `path` on the salary host, expects the statuses, then that no secret was kept or logged. */
export async function expectNothingKept(path: string, requests: { body: string; status: number }[], secrets: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "wf-stateless-"));
  const key = "stateless-test-key-0123456789";
  const svc = await spawnService(
    [process.execPath, "src/main.ts"],
    { BOOTSTRAP_API_KEY: key, STATE_DB: join(dir, "state.sqlite") },
    20_000,
    true,
  );
  const logs: string[] = [];
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) logs.push(new TextDecoder().decode(chunk));
  };
  const draining = [drain(svc.proc.stdout), drain(svc.proc.stderr)];
  for (const { body, status } of requests) {
    const res = await fetch(`http://127.0.0.1:${svc.port}${path}`, {
      method: "POST",
      body,
      headers: { host: "salary.localhost", "x-api-key": key, "content-type": "application/json" },
    });
    expect(res.status).toBe(status);
  }
  svc.proc.kill();
  await Promise.all(draining);
  const stored = readdirSync(dir)
    .map((f) => readFileSync(join(dir, f)).toString("latin1"))
    .join("");
  for (const secret of secrets) {
    expect(stored.includes(secret)).toBe(false);
    expect(logs.join("").includes(secret)).toBe(false);
  }
  // The logs were captured: one access line per request, with its status.
  expect(
    logs
      .join("")
      .split("\n")
      .filter((l) => l.includes(path))
      .map((l) => JSON.parse(l).status),
  ).toEqual(requests.map((r) => r.status));
  rmSync(dir, { recursive: true, force: true });
}
