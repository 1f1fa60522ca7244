// Wiring: snapshot → services → three host apps → dispatcher. main.ts and the tests both start here.
import type { Config } from "./config.ts";
import { openSnapshot } from "./snapshot/open.ts";
import { createServices, type Services } from "./services.ts";
import { openStateDb } from "./state/state-db.ts";
import type { KeyStore } from "./state/api-keys.ts";
import { openStateStores } from "./state/stores.ts";
import { Guard } from "./http/guard.ts";
import { createHostApp } from "./http/host-app.ts";
import { createDispatcher } from "./http/server.ts";
import { loadExplorerAssets } from "./http/explorer.ts";
import { salaryRoutes } from "./hosts/salary/index.ts";
import { costRoutes } from "./hosts/cost/index.ts";
import { skillsRoutes } from "./hosts/skills/index.ts";

export interface App {
  fetch(request: Request): Response | Promise<Response>;
  services: Services;
  keys: KeyStore;
  /** Settles when start-up work on the state stores (the bootstrap key) is done; rejects if it failed. */
  ready: Promise<void>;
  /** Returns unused quota leases to the ledger, then closes the databases. */
  close(): Promise<void>;
}

export function createApp(config: Config): App {
  const snapshot = openSnapshot(config.SNAPSHOT_PATH);
  const services = createServices(snapshot);
  const state = openStateDb(config.STATE_DB, config.STATE_BUSY_TIMEOUT_MS);
  const stores = openStateStores(state, config);
  const { keys, quota } = stores;
  const bootstrap = config.BOOTSTRAP_API_KEY ? keys.ensureBootstrap(config.BOOTSTRAP_API_KEY) : null;
  const guard = new Guard(keys, quota, { free: config.QUOTA_FREE, pro: config.QUOTA_PRO, enterprise: config.QUOTA_ENTERPRISE });
  const port = config.PORT ? `:${config.PORT}` : "";
  const deps = (publicHost: string) => ({ services, guard, docBaseUrl: config.DOC_BASE_URL, publicHost: publicHost + port, resultCacheBytes: config.RESULT_CACHE_MB * 1024 * 1024 / 3, legacyEndpoints: config.EU_LEGACY_ENDPOINTS === "on",
    bodyLimits: { maxBytes: config.MAX_BODY_BYTES, timeoutMs: config.REQUEST_TIMEOUT_MS } });
  const hosts = {
    salary: createHostApp("salary", salaryRoutes, deps(config.SALARY_HOST)),
    cost: createHostApp("cost", costRoutes, deps(config.COST_HOST)),
    skills: createHostApp("skills", skillsRoutes, deps(config.SKILLS_HOST)),
  };
  const vintages = services.sources.all.map((s) => ({ dataset: s.datasetId, vintage: s.vintage, period_start: s.periodStart, period_end: s.periodEnd }));
  const fetch = createDispatcher(config, hosts, {
    live: () => ({ status: "ok", snapshot_id: snapshot.snapshotId, schema_version: snapshot.schemaVersion, datasets: vintages }),
    ready: async () => {
      try {
        snapshot.db.query("SELECT 1 FROM meta LIMIT 1").get();
        await stores.check();
        return { ok: true, body: { status: "ready", snapshot_id: snapshot.snapshotId, datasets: vintages } };
      } catch {
        return { ok: false, body: { status: "unavailable", snapshot_id: snapshot.snapshotId } };
      }
    },
  }, loadExplorerAssets());
  return {
    fetch,
    services,
    keys,
    ready: Promise.resolve(bootstrap).then(() => {}),
    async close() {
      await stores.close();
      snapshot.db.close();
      state.close();
    },
  };
}
