// SIGTERM: requests already received complete, the process exits 0, and the port stops accepting.
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnService } from "../../scripts/lib/service-process.ts";

test("SIGTERM lets received requests finish, then exits 0", async () => {
  const dir = mkdtempSync(join(tmpdir(), "wf-shutdown-"));
  const key = "shutdown-test-key-0123456789";
  const svc = await spawnService([process.execPath, "src/main.ts"], {
    BOOTSTRAP_API_KEY: key,
    STATE_DB: join(dir, "state.sqlite"),
    ACCESS_LOG: "0",
  });
  const url = `http://127.0.0.1:${svc.port}`;
  // Twenty 10,000-record reports at once: one thread serves them in turn, so work is still queued when the signal comes.
  const employees = Array.from({ length: 10_000 }, (_, i) => ({
    job_title: i % 2 ? "Cashier" : "Registered Nurse",
    gender: i % 3 ? "M" : "F",
    salary: 30_000 + i,
  }));
  const body = JSON.stringify({ country: "DE", employees });
  const outcomes = Array.from({ length: 20 }, () =>
    fetch(`${url}/api/v1/compliance/pay-gap-report`, {
      method: "POST",
      body,
      headers: { host: "salary.localhost", "x-api-key": key, "content-type": "application/json" },
    })
      .then(async (r) => ({ status: r.status, at: (await r.arrayBuffer(), performance.now()) }))
      .catch(() => ({ status: 0, at: performance.now() })),
  );
  // Signal once the first report is answered: by then the others are received and queued behind it. (A fixed
  // sleep raced the machine: on a fast run every report could be answered before the signal.)
  await Promise.race(outcomes);
  const signalledAt = performance.now();
  svc.proc.kill("SIGTERM");
  const results = await Promise.all(outcomes);
  expect(await svc.proc.exited).toBe(0);
  expect(results.some((r) => r.status === 200 && r.at > signalledAt)).toBe(true); // finished after the signal
  expect(results.every((r) => r.status === 200 || r.status === 0)).toBe(true); // never a 5xx or a half answer
  await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

/** A raw keep-alive connection: what it writes, and each response's status line as it comes. */
async function rawConnection(port: number) {
  const statuses: string[] = [];
  let closed = false,
    buffered = "";
  const socket = await Bun.connect({
    hostname: "127.0.0.1",
    port,
    socket: {
      data(_s, data) {
        buffered += data.toString();
        for (let m; (m = /HTTP\/1\.1 (\d{3})/.exec(buffered)); buffered = buffered.slice(m.index + 12))
          statuses.push(m[1]);
      },
      close() {
        closed = true;
      },
      error() {
        closed = true;
      },
    },
  });
  return { socket, statuses, isClosed: () => closed };
}

test("SIGTERM answers requests that came on idle keep-alive connections while a large report was running", async () => {
  const dir = mkdtempSync(join(tmpdir(), "wf-shutdown-"));
  const key = "shutdown-test-key-0123456789";
  const svc = await spawnService([process.execPath, "src/main.ts"], {
    BOOTSTRAP_API_KEY: key,
    STATE_DB: join(dir, "state.sqlite"),
    ACCESS_LOG: "0",
  });
  const get = `GET /api/v1/skills HTTP/1.1\r\nHost: skills.localhost\r\nX-API-Key: ${key}\r\n\r\n`;
  // Three connections, each answered once: now idle, kept alive.
  const idle = await Promise.all([1, 2, 3].map(() => rawConnection(svc.port)));
  for (const c of idle) c.socket.write(get);
  while (idle.some((c) => c.statuses.length < 1)) await Bun.sleep(10);
  // A 10,000-record report keeps the process busy; meanwhile each idle connection sends a second request, then the signal.
  const employees = Array.from({ length: 10_000 }, (_, i) => ({
    job_title: i % 2 ? "Cashier" : "Registered Nurse",
    gender: i % 3 ? "M" : "F",
    salary: 30_000 + i,
  }));
  const body = JSON.stringify({ country: "DE", employees });
  const busy = await rawConnection(svc.port);
  busy.socket.write(
    `POST /api/v1/compliance/pay-gap-report HTTP/1.1\r\nHost: salary.localhost\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  await Bun.sleep(5);
  for (const c of idle) c.socket.write(get);
  svc.proc.kill("SIGTERM");
  expect(await svc.proc.exited).toBe(0);
  await Bun.sleep(50);
  expect(busy.statuses).toEqual(["200"]);
  for (const c of idle) expect(c.statuses).toEqual(["200", "200"]);
  // Then the connections were closed, not left open.
  expect([busy, ...idle].every((c) => c.isClosed())).toBe(true);
  rmSync(dir, { recursive: true, force: true });
}, 30_000);
