// Limits as the service process runs them (`npm start`'s flags): every oversized body gets the 413 envelope however
// large, URLs up to Bun's raised 64 KiB cap get the 414 envelope, and only beyond it does Bun answer by itself.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnService, type Running } from "../../scripts/lib/service-process.ts";

const key = "limits-test-key-0123456789";
const dir = mkdtempSync(join(tmpdir(), "wf-limits-"));
let svc: Running;
beforeAll(async () => {
  svc = await spawnService([process.execPath, "--max-http-header-size=65536", "src/main.ts"], {
    BOOTSTRAP_API_KEY: key,
    STATE_DB: join(dir, "state.sqlite"),
    ACCESS_LOG: "0",
  });
}, 30_000);
afterAll(() => {
  svc?.proc.kill();
  rmSync(dir, { recursive: true, force: true });
});

const post = (body: BodyInit) =>
  fetch(`http://127.0.0.1:${svc.port}/api/v1/compliance/pay-gap-report`, {
    method: "POST",
    body,
    headers: { host: "salary.localhost", "x-api-key": key, "content-type": "application/json" },
    duplex: "half",
  } as RequestInit);

test("bodies of 20 MB, with Content-Length or chunked, get the 413 envelope, not an empty answer", async () => {
  const sized = await post(new Uint8Array(20 * 1024 * 1024).fill(0x20));
  expect(sized.status).toBe(413);
  expect((await sized.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  const chunks = Array.from({ length: 20 }, () => new Uint8Array(1024 * 1024).fill(0x20));
  const chunked = await post(
    new ReadableStream({
      pull(c) {
        const next = chunks.shift();
        if (next) c.enqueue(next);
        else c.close();
      },
    }),
  );
  expect(chunked.status).toBe(413);
  const error = (await chunked.json()).error;
  expect(error.code).toBe("PAYLOAD_TOO_LARGE");
  expect(error.request_id).toStartWith("req_");
}, 30_000);

test("a 20 KiB URL gets the 414 envelope; past 64 KiB of headers Bun's own empty 431 answers first", async () => {
  const url = (n: number) => `http://127.0.0.1:${svc.port}/api/v1/skills/search?q=${"a".repeat(n)}`;
  const long = await fetch(url(20_000), { headers: { host: "skills.localhost", "x-api-key": key } });
  expect(long.status).toBe(414);
  expect((await long.json()).error.code).toBe("URI_TOO_LONG");
  const huge = await fetch(url(70_000), { headers: { host: "skills.localhost", "x-api-key": key } });
  expect(huge.status).toBe(431);
  expect(await huge.text()).toBe("");
  // Still serving.
  expect((await fetch(`http://127.0.0.1:${svc.port}/healthz`)).status).toBe(200);
});

test("a request line Bun cannot parse is answered 400 by Bun itself (documented), and the service carries on", async () => {
  const answer = await new Promise<string>((resolve) => {
    let text = "";
    void Bun.connect({
      hostname: "127.0.0.1",
      port: svc.port,
      socket: {
        open(s) {
          s.write("THIS IS NOT HTTP\r\n\r\n");
        },
        data(_s, d) {
          text += d.toString();
        },
        close() {
          resolve(text);
        },
      },
    });
    setTimeout(() => resolve(text), 2_000);
  });
  expect(answer).toStartWith("HTTP/1.1 400");
  expect((await fetch(`http://127.0.0.1:${svc.port}/healthz`)).status).toBe(200);
});
