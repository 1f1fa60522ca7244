// Quotas under Redis faults, against real redis-server processes: a command whose deadline passed never lands
// later, a reservation answered late is given back, and neither a paused nor a SIGKILLed Redis lets two meters
// (two replicas' worth) admit more than the day's quota. Locally a missing redis-server skips this file; in CI
// (.ci/run installs it) its absence fails it.
import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { redisAvailable, startRedis, type RunningRedis } from "../../scripts/lib/redis-server.ts";
import { connectRedis, type Redis } from "../../src/state/redis.ts";
import { RedisQuotaLedger, quotaKey } from "../../src/state/redis-ledger.ts";
import { QuotaMeter, utcDay } from "../../src/state/quota.ts";
import { RedisKeyStore } from "../../src/state/redis-keys.ts";
import { whenInstalled } from "../support/requires.ts";

const run = whenInstalled(describe, redisAvailable(), "redis-server");
const TIMEOUT_MS = 100;

run("Redis faults", () => {
  const cleanup: (() => unknown)[] = [];
  afterEach(async () => {
    for (const f of cleanup.splice(0).reverse()) await f();
  });
  const redisAt = async (options: Parameters<typeof startRedis>[0] = {}) => {
    const r = await startRedis(options);
    cleanup.push(() => r.stop());
    return r;
  };
  const client = (r: RunningRedis): Redis => {
    const c = connectRedis(r.url, TIMEOUT_MS);
    cleanup.push(() => c.close());
    return c;
  };

  test("commands sent while Redis is down fail at their deadline and none of them runs when it is back", async () => {
    const first = await startRedis();
    const redis = client(first);
    expect(await redis.send("PING", [])).toBe("PONG");
    await first.stop();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => redis.send("INCR", ["wf:test:zombie"])));
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    const again = await redisAt({ port: first.port });
    // Long enough for the client to reconnect and for anything queued to have been sent.
    await Bun.sleep(1_000);
    expect(await redis.send("PING", [])).toBe("PONG");
    expect(again.cli("get", "wf:test:zombie")).toBe("");
  }, 20_000);

  test("the deadline measures Redis, not the event loop: an answer that arrived while the loop was busy is taken", async () => {
    const redis = client(await redisAt());
    expect(await redis.send("PING", [])).toBe("PONG"); // connected
    for (let i = 0; i < 5; i++) {
      const answer = redis.send("INCR", ["wf:test:busy"]);
      const until = performance.now() + 3 * TIMEOUT_MS;
      while (performance.now() < until); // the loop held (say, by parsing a large body) past the deadline
      expect(await answer).toBe(i + 1);
    }
  }, 20_000);

  test("a reservation Redis answers after the deadline is given back", async () => {
    const r = await redisAt();
    const ledger = new RedisQuotaLedger(client(r));
    const day = utcDay(new Date());
    expect(await ledger.reserve("key_late", day, 1, 1_000)).toEqual({ granted: 1, count: 1 }); // connected
    r.pause(); // the next command waits in Redis's socket
    const late = ledger.reserve("key_late", day, 50, 1_000);
    await expect(late).rejects.toThrow(/Redis/);
    r.resume(); // Redis runs it now, 50 units granted to a request that already got its 503
    await Bun.sleep(300);
    expect(r.cli("get", quotaKey("key_late", day))).toBe("1");
  }, 20_000);

  test("a reservation Redis ran but whose reply was lost on the way is settled once Redis answers again", async () => {
    const r = await redisAt();
    // A relay between client and Redis that can lose one reply: it forwards the command, then drops the connection.
    let loseNextReply = false;
    const relay = Bun.listen<{ upstream?: Awaited<ReturnType<typeof Bun.connect>>; pending: Uint8Array[] }>({
      hostname: "127.0.0.1",
      port: 0,
      socket: {
        open(client) {
          client.data = { pending: [] };
          void Bun.connect({
            hostname: "127.0.0.1",
            port: r.port,
            socket: {
              data(_u, reply) {
                if (loseNextReply) {
                  loseNextReply = false;
                  client.end();
                  return;
                }
                client.write(reply);
              },
              close() {
                client.end();
              },
            },
          }).then((upstream) => {
            client.data.upstream = upstream;
            for (const p of client.data.pending) upstream.write(p);
          });
        },
        data(client, bytes) {
          if (client.data.upstream) client.data.upstream.write(bytes);
          else client.data.pending.push(bytes);
        },
        close(client) {
          client.data.upstream?.end();
        },
      },
    });
    cleanup.push(() => relay.stop(true));
    const redis = connectRedis(`redis://127.0.0.1:${relay.port}`, TIMEOUT_MS);
    cleanup.push(() => redis.close());
    const ledger = new RedisQuotaLedger(redis, 50);
    const day = utcDay(new Date());
    expect(await ledger.reserve("key_lost", day, 1, 1_000)).toEqual({ granted: 1, count: 1 });
    loseNextReply = true;
    await expect(ledger.reserve("key_lost", day, 40, 1_000)).rejects.toThrow(/Redis/);
    expect(r.cli("get", quotaKey("key_lost", day))).toBe("41"); // Redis did grant the 40
    const until = Date.now() + 5_000;
    while (r.cli("get", quotaKey("key_lost", day)) !== "1" && Date.now() < until) await Bun.sleep(50);
    expect(r.cli("get", quotaKey("key_lost", day))).toBe("1"); // settled: given back
    expect(r.cli("keys", "wf:quota-grant:*").split("\n").filter(Boolean)).toHaveLength(1); // only the first grant's record, left to expire
  }, 20_000);

  test("with QUOTA_FAIL_OPEN, a request that must re-check its key and reserve quota while Redis is stuck waits one deadline, not two", async () => {
    const r = await redisAt();
    const redis = client(r);
    const keys = new RedisKeyStore(redis, 50, true),
      meter = new QuotaMeter(new RedisQuotaLedger(redis), true);
    const { key, record } = await keys.create({ tier: "pro", scopes: ["skills:read"] });
    expect((await keys.verify(key))?.id).toBe(record.id);
    await Bun.sleep(100); // the verified key's cache entry is stale now: the next request asks Redis
    r.pause();
    const t0 = performance.now();
    expect((await keys.verify(key))?.id).toBe(record.id); // served stale after one deadline
    expect((await meter.consume(record.id, 1_000)).allowed).toBe(true); // admitted unmetered, at once
    const elapsed = performance.now() - t0;
    r.resume();
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(elapsed).toBeLessThan(1.5 * TIMEOUT_MS);
    // Back: within a few deadlines the background PING finds Redis answering and commands go through again.
    const back = Date.now();
    while (!(await redis.send("PING", []).catch(() => null))) await Bun.sleep(10);
    expect(Date.now() - back).toBeLessThan(5 * TIMEOUT_MS);
  }, 20_000);

  test("concurrent requests on one replica share one reservation, so a replica never holds more than one lease", async () => {
    const r = await redisAt();
    const meter = new QuotaMeter(new RedisQuotaLedger(client(r)));
    // A quota of 6,400: the first lease is 100 units (1/64), enough for all 100 requests at once.
    const decisions = await Promise.all(Array.from({ length: 100 }, () => meter.consume("key_herd", 6_400)));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    expect(r.cli("keys", "wf:quota-grant:*").split("\n").filter(Boolean)).toHaveLength(1); // one reservation made
    expect(r.cli("get", quotaKey("key_herd", utcDay(new Date())))).toBe("100");
    // 150 more at once: the lease runs out, and the requests past it wait for one new reservation, not one each.
    const more = await Promise.all(Array.from({ length: 150 }, () => meter.consume("key_herd", 6_400)));
    expect(more.every((d) => d.allowed)).toBe(true);
    expect(r.cli("keys", "wf:quota-grant:*").split("\n").filter(Boolean).length).toBeLessThanOrEqual(3);
  }, 20_000);

  test("the last day of use (`keys list`) is read from the day's counter: yesterday's or today's, else none", async () => {
    const r = await redisAt();
    const ledger = new RedisQuotaLedger(client(r));
    expect(await ledger.lastUsedDay("key_days")).toBeNull();
    const yesterday = utcDay(new Date(Date.now() - 86_400_000));
    r.cli("set", quotaKey("key_days", yesterday), "3");
    expect(await ledger.lastUsedDay("key_days")).toBe(yesterday);
    await new QuotaMeter(ledger).consume("key_days", 10);
    expect(await ledger.lastUsedDay("key_days")).toBe(utcDay(new Date()));
  });

  /** Two meters (two replicas) consume as fast as they can for `ms`, while `fault` runs; the admitted count. */
  async function load(meters: QuotaMeter[], limit: number, ms: number, fault: () => Promise<void>) {
    let admitted = 0,
      refused = 0,
      unavailable = 0;
    const until = Date.now() + ms;
    const worker = async (meter: QuotaMeter) => {
      while (Date.now() < until) {
        try {
          const d = await meter.consume("key_load", limit);
          if (d.allowed) admitted++;
          else refused++;
        } catch {
          unavailable++;
        }
        await Bun.sleep(5); // a steady load of about 3,000 requests a second over 16 workers
      }
    };
    await Promise.all([...meters.flatMap((m) => Array.from({ length: 8 }, () => worker(m))), fault()]);
    return { admitted, refused, unavailable };
  }

  test("a paused Redis under load: the day's admitted total stays within the quota and its lease slack", async () => {
    const r = await redisAt();
    const meters = [new QuotaMeter(new RedisQuotaLedger(client(r))), new QuotaMeter(new RedisQuotaLedger(client(r)))];
    // The pause falls while much of the quota is left, and the load outlasts it.
    const limit = 6_000;
    const result = await load(meters, limit, 3_500, async () => {
      await Bun.sleep(300);
      r.pause();
      await Bun.sleep(700);
      r.resume();
    });
    expect(result.unavailable).toBeGreaterThan(0); // the pause was felt
    expect(result.refused).toBeGreaterThan(0); // the load outran the quota
    for (const m of meters) await m.releaseAll();
    expect(result.admitted).toBeLessThanOrEqual(limit);
    expect(result.admitted).toBeGreaterThanOrEqual(limit - Math.ceil(limit / 64));
    // Every unit counted in Redis was admitted: nothing granted late is left behind.
    expect(Number(r.cli("get", quotaKey("key_load", utcDay(new Date()))))).toBe(result.admitted);
  }, 30_000);

  test("Redis killed with SIGKILL under load and restarted from its append-only file: the quota is never exceeded", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wf-redis-aof-"));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    let r = await startRedis({ dir });
    const redisA = connectRedis(r.url, TIMEOUT_MS),
      redisB = connectRedis(r.url, TIMEOUT_MS);
    cleanup.push(() => {
      redisA.close();
      redisB.close();
    });
    const meters = [new QuotaMeter(new RedisQuotaLedger(redisA)), new QuotaMeter(new RedisQuotaLedger(redisB))];
    const limit = 6_000;
    const result = await load(meters, limit, 3_500, async () => {
      await Bun.sleep(400);
      const before = Number(r.cli("get", quotaKey("key_load", utcDay(new Date()))));
      await r.kill();
      r = await startRedis({ dir, port: r.port });
      // The count granted before the kill survived it (appendonly, written before each reply).
      expect(Number(r.cli("get", quotaKey("key_load", utcDay(new Date()))))).toBeGreaterThanOrEqual(before);
    });
    cleanup.push(() => r.stop());
    for (const m of meters) await m.releaseAll();
    expect(result.refused).toBeGreaterThan(0);
    expect(result.admitted).toBeLessThanOrEqual(limit);
    // Reservations Redis ran but whose answers died with it were settled: what is counted is what was admitted.
    expect(Number(r.cli("get", quotaKey("key_load", utcDay(new Date()))))).toBe(result.admitted);
  }, 30_000);
});
