// The Redis connection that replicas share (REDIS_URL): Bun's built-in client. Every command has a deadline
// and fails at once while disconnected (no offline queue), so a request never waits on an absent Redis; the
// caller turns StateUnavailable into 503, or admits under QUOTA_FAIL_OPEN.
//
// Once a command has failed to reach Redis, Redis counts as down: commands fail at once, so a request that needs two
// (its key, then its quota) waits at most one deadline, while a PING every deadline finds out when it is back. Any
// answer, even a late one, counts as Redis being back.
//
// A command whose deadline passed is never sent afterwards: it may wait for a reconnect, but it is dropped if the
// connection comes back too late. One already sent may still run in Redis after its deadline; what it did is the
// caller's to undo (redis-ledger.ts settles quota reservations).
import { RedisClient } from "bun";
import { StateUnavailable } from "./unavailable.ts";

export interface Redis {
  /** One command; rejects with StateUnavailable on error, disconnection or after the timeout. */
  send(command: string, args: string[]): Promise<unknown>;
  close(): void;
  readonly closed: boolean;
}

export function connectRedis(url: string, timeoutMs: number): Redis {
  const client = new RedisClient(url, {
    autoReconnect: true,
    enableOfflineQueue: false,
    connectionTimeout: timeoutMs,
    maxRetries: 4_294_967_295,
  });
  const where = url.replace(/\/\/[^@/]*@/, "//…@"); // never log a password
  // Without an offline queue a command fails while disconnected, so (re)connect first, once for all callers.
  let connecting: Promise<void> | undefined;
  const connected = () =>
    client.connected
      ? undefined
      : (connecting ??= client.connect().finally(() => {
          connecting = undefined;
        }));
  let down = false,
    closed = false,
    pinging = false;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      Promise.resolve(connected())
        .then(() => client.send("PING", []))
        .then(
          () => resolve(true),
          () => resolve(false),
        )
        .finally(() => clearTimeout(timer));
    });
  const markDown = async () => {
    down = true;
    if (pinging) return; // one loop at a time
    pinging = true;
    while (down && !closed) {
      if (await ping()) down = false;
      else await Bun.sleep(timeoutMs);
    }
    pinging = false;
  };
  return {
    send(command, args) {
      return new Promise((resolve, reject) => {
        const fail = (err: unknown, how?: { notSent?: boolean; refused?: boolean }) =>
          reject(new StateUnavailable(`Redis at ${where} (${command})`, err, how));
        if (down)
          return fail(new Error("unreachable at the last attempt; retrying in the background"), { notSent: true });
        let settled = false,
          expired = false;
        const done = (up: boolean) => {
          settled = true;
          clearTimeout(timer);
          if (up) down = false;
          else void markDown();
        };
        // When the deadline's timer runs, an answer may already be waiting unread (the event loop was busy, say,
        // parsing a large body): a short second timer lets I/O run first, so the deadline measures Redis, not the loop.
        const due = performance.now() + timeoutMs;
        const timer = setTimeout(
          () =>
            setTimeout(
              () => {
                if (settled) return;
                expired = true;
                void markDown();
                fail(new Error(`no answer within ${timeoutMs} ms`));
              },
              performance.now() - due > 5 ? 10 : 0,
            ),
          timeoutMs,
        );
        (async () => {
          await connected();
          if (expired) throw new Error("the connection came back after the deadline; the command was not sent"); // already rejected
          return client.send(command, args);
        })().then(
          (answer) => {
            done(true);
            if (!expired) resolve(answer);
          },
          (err) => {
            // A command Redis refused (a script error) says nothing about the connection; only failures to reach it do.
            const unreachable = !(err instanceof Error && /^(ERR|WRONGTYPE|NOSCRIPT|BUSY)/.test(err.message));
            if (!expired) {
              done(!unreachable);
              fail(err, { refused: !unreachable });
            } else if (!unreachable) done(true);
          },
        );
      });
    },
    close: () => {
      closed = true;
      client.close();
    },
    get closed() {
      return closed;
    },
  };
}
