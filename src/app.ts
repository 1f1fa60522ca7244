// Wiring: snapshot → services → three host apps → dispatcher. main.ts and the tests both start here.
import type { Config } from "./config.ts";
import { openSnapshot } from "./snapshot/open.ts";
import { createServices, type Services } from "./services.ts";
import { openStateDb } from "./state/state-db.ts";
import { ApiKeyStore } from "./state/api-keys.ts";
import { QuotaMeter } from "./state/quota.ts";
import { SqliteQuotaLedger } from "./state/sqlite-ledger.ts";
import { Guard } from "./http/guard.ts";
import { createHostApp } from "./http/host-app.ts";
import { createDispatcher } from "./http/server.ts";
import { salaryRoutes } from "./hosts/salary/index.ts";
import { costRoutes } from "./hosts/cost/index.ts";
import { skillsRoutes } from "./hosts/skills/index.ts";

export interface App {
  fetch(request: Request): Response | Promise<Response>;
  services: Services;
  keys: ApiKeyStore;
  /** Returns unused quota leases to the ledger, then closes the databases. */
  close(): Promise<void>;
}

export function createApp(config: Config): App {
  const snapshot = openSnapshot(config.SNAPSHOT_PATH);
  const services = createServices(snapshot);
  const state = openStateDb(config.STATE_DB);
  const keys = new ApiKeyStore(state, config.KEY_CACHE_TTL_MS);
  const quota = new QuotaMeter(new SqliteQuotaLedger(state));
  if (config.BOOTSTRAP_API_KEY) keys.ensureBootstrap(config.BOOTSTRAP_API_KEY);
  const guard = new Guard(keys, quota, { free: config.QUOTA_FREE, pro: config.QUOTA_PRO, enterprise: config.QUOTA_ENTERPRISE });
  const port = config.PORT ? `:${config.PORT}` : "";
  const deps = (publicHost: string) => ({ services, guard, docBaseUrl: config.DOC_BASE_URL, publicHost: publicHost + port, resultCacheBytes: config.RESULT_CACHE_MB * 1024 * 1024 / 3 });
  const hosts = {
    salary: createHostApp("salary", salaryRoutes, deps(config.SALARY_HOST)),
    cost: createHostApp("cost", costRoutes, deps(config.COST_HOST)),
    skills: createHostApp("skills", skillsRoutes, deps(config.SKILLS_HOST)),
  };
  const vintages = services.sources.all.map((s) => ({ dataset: s.datasetId, vintage: s.vintage, period_start: s.periodStart, period_end: s.periodEnd }));
  const fetch = createDispatcher(config, hosts, {
    live: () => ({ status: "ok", snapshot_id: snapshot.snapshotId, schema_version: snapshot.schemaVersion, datasets: vintages }),
    ready: () => {
      try {
        snapshot.db.query("SELECT 1 FROM meta LIMIT 1").get();
        state.query("SELECT 1").get();
        return { ok: true, body: { status: "ready", snapshot_id: snapshot.snapshotId, datasets: vintages } };
      } catch {
        return { ok: false, body: { status: "unavailable", snapshot_id: snapshot.snapshotId } };
      }
    },
  });
  return {
    fetch,
    services,
    keys,
    async close() {
      await quota.releaseAll();
      snapshot.db.close();
      state.close();
    },
  };
}
