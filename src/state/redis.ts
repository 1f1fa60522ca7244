// The Redis connection that replicas share (REDIS_URL): Bun's built-in client. Every command has a deadline
// and fails at once while disconnected (no offline queue), so a request never waits on an absent Redis; the
// caller turns StateUnavailable into 503, or admits under QUOTA_FAIL_OPEN.
import { RedisClient } from "bun";
import { StateUnavailable } from "./unavailable.ts";

export interface Redis {
  /** One command; rejects with StateUnavailable on error, disconnection or after the timeout. */
  send(command: string, args: string[]): Promise<unknown>;
  close(): void;
}

export function connectRedis(url: string, timeoutMs: number): Redis {
  const client = new RedisClient(url, { autoReconnect: true, enableOfflineQueue: false, connectionTimeout: timeoutMs, maxRetries: 4_294_967_295 });
  const where = url.replace(/\/\/[^@/]*@/, "//…@"); // never log a password
  // Without an offline queue a command fails while disconnected, so (re)connect first, once for all callers.
  let connecting: Promise<void> | undefined;
  const connected = () => (client.connected ? undefined : (connecting ??= client.connect().finally(() => { connecting = undefined; })));
  return {
    send(command, args) {
      let timer: Timer | undefined;
      const deadline = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs); });
      const answer = async () => { await connected(); return client.send(command, args); };
      return Promise.race([answer(), deadline])
        .catch((err) => { throw new StateUnavailable(`Redis at ${where} (${command})`, err); })
        .finally(() => clearTimeout(timer));
    },
    close: () => client.close(),
  };
}
