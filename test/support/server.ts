// A real server on an ephemeral port over the real snapshot, with its own throwaway state database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "../../src/config.ts";
import { createApp, type App, type AppOptions } from "../../src/app.ts";
import { ApiKeyStore, type Scope, type Tier } from "../../src/state/api-keys.ts";
import type { HostKind } from "../../src/http/route.ts";

export const BOOTSTRAP_KEY = "test-bootstrap-key-0123456789";

export interface TestServer {
  url: string;
  app: App;
  config: Config;
  /** The app's key store: in-process test servers keep keys in their state database. */
  keys: ApiKeyStore;
  /** Call a host by name; the Host header picks it. */
  call(
    host: HostKind | string,
    path: string,
    init?: { key?: string | null; method?: string; body?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  key(tier: Tier, scopes: Scope[], dailyLimit?: number): string;
  stop(): Promise<void>;
}

export function startTestServer(env: Record<string, string> = {}, options: AppOptions = {}): TestServer {
  const dir = mkdtempSync(join(tmpdir(), "wf-test-"));
  const config = loadConfig({
    ...process.env,
    STATE_DB: join(dir, "state.sqlite"),
    BOOTSTRAP_API_KEY: BOOTSTRAP_KEY,
    PORT: "0",
    ACCESS_LOG: "0",
    ...env,
  });
  const app = createApp(config, options);
  if (!(app.keys instanceof ApiKeyStore))
    throw new Error("in-process test servers use the state database (unset REDIS_URL)");
  const keys = app.keys;
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: app.fetch, routes: app.routes });
  const url = `http://127.0.0.1:${server.port}`;
  const hostName = (h: string) =>
    (({ salary: config.SALARY_HOST, cost: config.COST_HOST, skills: config.SKILLS_HOST }) as Record<string, string>)[
      h
    ] ?? h;
  return {
    url,
    app,
    config,
    keys,
    call: (host, path, init = {}) => {
      const headers: Record<string, string> = { host: hostName(host), ...(init.headers ?? {}) };
      const key = init.key === undefined ? BOOTSTRAP_KEY : init.key;
      if (key !== null) headers["x-api-key"] = key;
      return fetch(url + path, { method: init.method ?? "GET", body: init.body, headers });
    },
    key: (tier, scopes, dailyLimit) => keys.create({ tier, scopes, dailyLimit }).key,
    async stop() {
      server.stop(true);
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const mirror = (path: string) => join(process.env.DATA_MIRROR ?? "../shared/data", path);
