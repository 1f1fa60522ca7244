// Wiring: snapshot → services → three host apps → dispatcher, and the swap to a newer snapshot. main.ts and the
// tests both start here.
import type { Config } from "./config.ts";
import { openSnapshot, type Snapshot } from "./snapshot/open.ts";
import { locateSnapshot, type SnapshotLocation } from "./snapshot/locate.ts";
import { LiveSnapshot, type Generation, type ReloadOutcome } from "./live-snapshot.ts";
import { adminRoutes } from "./http/admin.ts";
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
  /** Paths Bun.serve matches itself (`routes`), answered as `fetch` would: give both to the server. */
  routes: Record<string, (request: Request) => Response | Promise<Response>>;
  /** The services of the snapshot serving new requests now. */
  readonly services: Services;
  keys: KeyStore;
  /** Swap to the newest snapshot at SNAPSHOT_PATH or in SNAPSHOT_DIR (SIGHUP, the admin route). */
  reloadSnapshot(trigger: string): Promise<ReloadOutcome>;
  /** Settles when start-up work on the state stores (the bootstrap key) is done; rejects if it failed. */
  ready: Promise<void>;
  /** Returns unused quota leases to the ledger, then closes the databases. */
  close(): Promise<void>;
}

export interface AppOptions {
  /** The executable's own snapshot, unpacked: served unless the snapshot folder holds a newer build. */
  embeddedSnapshot?: string;
  /** Today's date, read per request where the answer depends on it (E4–E6's removal date); tests fix it. */
  clock?: () => Date;
}

/** Where the snapshot comes from: SNAPSHOT_DIR's newest build (the executable's own counts as one), else SNAPSHOT_PATH. */
export function snapshotLocation(config: Config, options: AppOptions = {}): SnapshotLocation {
  return config.SNAPSHOT_DIR
    ? { dir: config.SNAPSHOT_DIR, also: options.embeddedSnapshot }
    : { path: options.embeddedSnapshot ?? config.SNAPSHOT_PATH };
}

export function createApp(config: Config, options: AppOptions = {}): App {
  const where = snapshotLocation(config, options);
  const located = locateSnapshot(where);
  for (const skipped of located.passedOver)
    console.error(JSON.stringify({ level: "error", msg: "snapshot file passed over", ...skipped }));
  const first = openSnapshot(located.path);
  const state = openStateDb(config.STATE_DB, config.STATE_BUSY_TIMEOUT_MS);
  const stores = openStateStores(state, config);
  const { keys, quota } = stores;
  const bootstrap = config.BOOTSTRAP_API_KEY ? keys.ensureBootstrap(config.BOOTSTRAP_API_KEY) : null;
  const guard = new Guard(keys, quota, {
    free: config.QUOTA_FREE,
    pro: config.QUOTA_PRO,
    enterprise: config.QUOTA_ENTERPRISE,
  });
  const port = config.PORT ? `:${config.PORT}` : "";
  const clock = options.clock ?? (() => new Date());

  /** Everything one snapshot serves: its services, the three host apps (each with its own answer cache) and health. */
  const generationOf = (snapshot: Snapshot): Generation => {
    const services = createServices(snapshot);
    const deps = (publicHost: string) => ({
      services,
      guard,
      docBaseUrl: config.DOC_BASE_URL,
      publicHost: publicHost + port,
      resultCacheBytes: (config.RESULT_CACHE_MB * 1024 * 1024) / 3,
      legacyEndpoints: config.EU_LEGACY_ENDPOINTS,
      clock,
      bodyLimits: { maxBytes: config.MAX_BODY_BYTES, timeoutMs: config.REQUEST_TIMEOUT_MS },
    });
    const vintages = services.sources.all.map((s) => ({
      dataset: s.datasetId,
      vintage: s.vintage,
      period_start: s.periodStart,
      period_end: s.periodEnd,
    }));
    return {
      snapshot,
      services,
      snapshotId: snapshot.snapshotId,
      hosts: {
        salary: createHostApp("salary", salaryRoutes, deps(config.SALARY_HOST)),
        cost: createHostApp("cost", costRoutes, deps(config.COST_HOST)),
        skills: createHostApp("skills", skillsRoutes, deps(config.SKILLS_HOST)),
      },
      health: {
        liveJson: JSON.stringify({
          status: "ok",
          snapshot_id: snapshot.snapshotId,
          schema_version: snapshot.schemaVersion,
          datasets: vintages,
        }),
        ready: async () => {
          try {
            snapshot.db.query("SELECT 1 FROM meta LIMIT 1").get();
            await stores.check();
            return { ok: true, body: { status: "ready", snapshot_id: snapshot.snapshotId, datasets: vintages } };
          } catch {
            return { ok: false, body: { status: "unavailable", snapshot_id: snapshot.snapshotId } };
          }
        },
      },
      close: () => snapshot.db.close(),
    };
  };

  const live = new LiveSnapshot(generationOf(first), generationOf, where);
  const reloadSnapshot = (trigger: string) => live.reload(trigger);
  const { fetch, routes } = createDispatcher(config, live, adminRoutes(guard, reloadSnapshot), loadExplorerAssets());
  return {
    fetch,
    routes,
    get services() {
      return live.generation.services;
    },
    keys,
    reloadSnapshot,
    ready: Promise.resolve(bootstrap).then(() => {}),
    async close() {
      await stores.close();
      live.close();
      state.close();
    },
  };
}
