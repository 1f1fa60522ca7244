// Environment → typed configuration, validated once at start-up.
import { z } from "zod";
import { availableParallelism } from "node:os";
import { readableIssue } from "./zod-messages.ts";
import { StartupError } from "./startup-error.ts";

const flag = z
  .enum(["0", "1", "true", "false"])
  .default("0")
  .transform((v) => v === "1" || v === "true");
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const hostName = (fallback: string) => z.string().trim().toLowerCase().min(1).default(fallback);

export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    // Not HOSTNAME: shells and container engines set that to the machine's name, and the service would bind to
    // whatever it resolves to (in a container, its outside address only, so 127.0.0.1 is refused).
    LISTEN_ADDRESS: z.string().trim().min(1).default("0.0.0.0"),
    SNAPSHOT_PATH: z.string().default("build/snapshot.sqlite"),
    // A folder of snapshots: the newest build in it (meta built_at) is served, at start and on each reload
    // (SIGHUP, POST /admin/snapshot/reload). Unset: SNAPSHOT_PATH is served and re-opened on reload.
    SNAPSHOT_DIR: z.string().trim().min(1).optional(),
    STATE_DB: z.string().default("var/state.sqlite"),
    SALARY_HOST: hostName("salary.localhost"),
    COST_HOST: hostName("cost.localhost"),
    SKILLS_HOST: hostName("skills.localhost"),
    TRUST_PROXY: flag,
    // Browser origins allowed to call the API from other sites (CORS), comma-separated, each exactly as a browser
    // sends it ("https://hr.example.com"); default none. No wildcard: each origin is named on purpose.
    CORS_ORIGINS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((o) => o.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^https?:\/\/[a-z0-9.-]+(:\d+)?$|^https?:\/\/\[[0-9a-f:]+\](:\d+)?$/,
              "each CORS origin is scheme://host[:port], without a path",
            ),
        ),
      ),
    // One JSON line per request on stdout: request id, key id (never the key), method, path (no query), status, duration.
    ACCESS_LOG: z
      .enum(["0", "1", "true", "false"])
      .default("1")
      .transform((v) => v === "1" || v === "true"),
    BOOTSTRAP_API_KEY: z.string().min(16, "BOOTSTRAP_API_KEY must be at least 16 characters").optional(),
    QUOTA_FREE: positiveInt(1_000),
    QUOTA_PRO: positiveInt(50_000),
    QUOTA_ENTERPRISE: positiveInt(1_000_000),
    // How long a state-database write waits for another process's lock before the request gets 503.
    STATE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    // How long a verified API key is trusted without a database read; a revocation by another process
    // (`npm run keys -- revoke`) takes effect within this time. 0 reads the database on every request.
    KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    // Memory for repeated GET answers, shared by the three hosts (0 turns the cache off).
    RESULT_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    // Replicas: keys and daily quota counts in Redis instead of the state database (redis://[:password@]host:port).
    REDIS_URL: z.string().url().optional(),
    // How long a Redis command may take before the request is answered 503 (or admitted, with QUOTA_FAIL_OPEN).
    REDIS_TIMEOUT_MS: z.coerce.number().int().positive().max(10_000).default(500),
    // When the quota store cannot answer: 0 = refuse with 503 (default), 1 = admit without counting, and keep
    // keys verified before the outage valid.
    QUOTA_FAIL_OPEN: flag,
    MAX_BODY_BYTES: positiveInt(5 * 1024 * 1024),
    // A request whose body has not fully arrived by then is answered 408; idle connections close after it too.
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
    // SIGTERM/SIGINT: requests already received are answered within this; then remaining connections are cut and the process exits.
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    // E4–E6, removed by the spec on 2026-09-01: "auto" serves them (with Deprecation/Sunset headers) before that
    // date and answers 410 Gone naming their successors from it; "on" keeps serving them for installations that
    // need time; "off" retires them now, whatever the date.
    EU_LEGACY_ENDPOINTS: z.enum(["auto", "on", "off"]).default("auto"),
    // Where error doc_url links point; default: the docs page each host serves.
    DOC_BASE_URL: z.string().default("/docs"),
    // Processes serving the port (SO_REUSEPORT: the kernel spreads connections over them), sharing keys and quotas
    // through the state database or Redis as replicas do; "auto": one per available core.
    WORKERS: z
      .string()
      .trim()
      .default("1")
      .transform((v) => (v === "auto" ? availableParallelism() : Number(v)))
      .pipe(z.number({ error: 'WORKERS is a whole number from 1 to 64, or "auto"' }).int().min(1).max(64)),
  })
  .refine((c) => c.WORKERS === 1 || c.PORT !== 0, {
    message: "WORKERS above 1 needs a fixed PORT (with PORT=0 each worker would listen on a port of its own)",
    path: ["WORKERS"],
  });

export type Config = z.infer<typeof configSchema>;

// Settings whose values are secrets: a refusal names them without echoing what was set.
const SECRET = /KEY|SECRET|PASSWORD|TOKEN|REDIS_URL/;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = configSchema.safeParse(set, { error: readableIssue });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? "");
      const given =
        typeof set[name] !== "string"
          ? ""
          : SECRET.test(name)
            ? " (its value is not shown)"
            : ` (it is "${set[name].slice(0, 60)}")`;
      const what = i.message.startsWith(name)
        ? i.message
        : /^(must|is) /.test(i.message)
          ? `${name} ${i.message}`
          : `${name}: ${i.message}`;
      return `${what}${given}`;
    });
    throw new StartupError(`${problems.join("; ")}; fix the environment variable (docs/configuration.md)`);
  }
  return parsed.data;
}
