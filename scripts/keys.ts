// `npm run keys -- create --tier pro --scopes salary:read,costapi:read [--name N] [--daily-limit N]`,
// `npm run keys -- list`, `npm run keys -- revoke <key id>`. The key itself is printed once, at creation.
import { parseArgs } from "node:util";
import { z } from "zod";
import { openStateDb } from "../src/state/state-db.ts";
import { SCOPES, TIERS, type Scope } from "../src/state/api-keys.ts";
import { openStateStores } from "../src/state/stores.ts";
import { loadConfig } from "../src/config.ts";

const USAGE = `usage:
  npm run keys -- create --tier free|pro|enterprise --scopes ${SCOPES.join(",")} [--name NAME] [--daily-limit N]
  npm run keys -- list
  npm run keys -- revoke KEY_ID
Keys live in the state database STATE_DB (default var/state.sqlite), or in Redis when REDIS_URL is set.`;

const createArgs = z.object({
  tier: z.enum(TIERS),
  scopes: z.string().transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean)).pipe(z.array(z.enum(SCOPES)).min(1)),
  name: z.string().optional(),
  "daily-limit": z.coerce.number().int().positive().optional(),
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { tier: { type: "string" }, scopes: { type: "string" }, name: { type: "string" }, "daily-limit": { type: "string" } },
  allowPositionals: true,
  strict: false,
});
const [command, ...rest] = positionals;
const config = loadConfig();
const stores = openStateStores(openStateDb(config.STATE_DB), config);
const store = stores.keys;

if (command === "create") {
  const parsed = createArgs.safeParse(values);
  if (!parsed.success) fail(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"));
  const { key, record } = await store.create({ tier: parsed.data.tier, scopes: parsed.data.scopes as Scope[], name: parsed.data.name, dailyLimit: parsed.data["daily-limit"] });
  console.log(`created ${record.id} (${record.tier}; ${record.scopes.join(", ")}${record.dailyLimit ? `; ${record.dailyLimit}/day` : ""})`);
  console.log(`key (shown once, store it now): ${key}`);
} else if (command === "list") {
  for (const k of await store.list()) {
    console.log([k.id, k.tier, k.scopes.join(","), k.dailyLimit ?? "tier default", k.name ?? "", k.createdAt, k.revokedAt ? `revoked ${k.revokedAt}` : "active"].join("\t"));
  }
} else if (command === "revoke") {
  if (!rest[0]) fail("revoke needs a key id (see `npm run keys -- list`)");
  if (!(await store.revoke(rest[0]))) fail(`no active key with id ${rest[0]}`);
  console.log(`revoked ${rest[0]}`);
} else {
  fail(command ? `unknown command: ${command}` : "missing command");
}
await stores.close();
