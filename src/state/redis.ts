// The Redis connection that replicas share (REDIS_URL): Bun's built-in client. Every command has a deadline
// and fails at once while disconnected (no offline queue), so a request never waits on an absent Redis; the
// caller turns StateUnavailable into 503, or admits under QUOTA_FAIL_OPEN.
//
// A command whose deadline passed is never sent afterwards: it may wait for a reconnect, but it is dropped if the
// connection comes back too late. One already sent whose answer comes after the deadline did run in Redis: its
// answer goes to `onLate`, so the caller can undo it (a quota reservation gives its units back).
import { RedisClient } from "bun";
import { StateUnavailable } from "./unavailable.ts";

export interface Redis {
  /**
   * One command; rejects with StateUnavailable on error, disconnection or after the timeout. An answer that
   * arrives after the timeout is passed to onLate instead.
   */
  send(command: string, args: string[], onLate?: (answer: unknown) => void): Promise<unknown>;
  close(): void;
}

export function connectRedis(url: string, timeoutMs: number): Redis {
  const client = new RedisClient(url, { autoReconnect: true, enableOfflineQueue: false, connectionTimeout: timeoutMs, maxRetries: 4_294_967_295 });
  const where = url.replace(/\/\/[^@/]*@/, "//…@"); // never log a password
  // Without an offline queue a command fails while disconnected, so (re)connect first, once for all callers.
  let connecting: Promise<void> | undefined;
  const connected = () => (client.connected ? undefined : (connecting ??= client.connect().finally(() => { connecting = undefined; })));
  return {
    send(command, args, onLate) {
      return new Promise((resolve, reject) => {
        let settled = false, expired = false;
        const fail = (err: unknown) => reject(new StateUnavailable(`Redis at ${where} (${command})`, err));
        // When the deadline's timer runs, an answer may already be waiting unread (the event loop was busy, say,
        // parsing a large body); a zero-delay timer lets one round of I/O run first, so the deadline measures Redis.
        const timer = setTimeout(() => setTimeout(() => {
          if (settled) return;
          expired = true;
          fail(new Error(`no answer within ${timeoutMs} ms`));
        }, 0), timeoutMs);
        (async () => {
          await connected();
          if (expired) throw new Error("the connection came back after the deadline; the command was not sent");
          return client.send(command, args);
        })().then(
          (answer) => {
            settled = true;
            clearTimeout(timer);
            if (!expired) resolve(answer);
            else onLate?.(answer);
          },
          (err) => {
            settled = true;
            clearTimeout(timer);
            if (!expired) fail(err);
          },
        );
      });
    },
    close: () => client.close(),
  };
}
