// The keys command: create, list and revoke API keys in the state database (or Redis with REDIS_URL).
// One implementation for `npm run keys -- …` and the executable's `workforce-api keys …`; the key itself is
// printed once, at creation.
import { parseArgs } from "node:util";
import { z } from "zod";
import { openStateDb } from "../state/state-db.ts";
import { SCOPES, TIERS, type Scope } from "../state/api-keys.ts";
import { openStateStores } from "../state/stores.ts";
import { loadConfig } from "../config.ts";

export const keysUsage = (program: string) => `usage:
  ${program} create --tier ${TIERS.join("|")} --scopes ${SCOPES.join(",")} [--name NAME] [--daily-limit N]
  ${program} list
  ${program} revoke KEY_ID
Keys live in the state database STATE_DB (default var/state.sqlite), or in Redis when REDIS_URL is set.`;

const createArgs = z.object({
  tier: z.enum(TIERS),
  scopes: z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(SCOPES)).min(1)),
  name: z.string().optional(),
  "daily-limit": z.coerce.number().int().positive().optional(),
});

/** Runs one keys command; returns the exit code (0 done, 1 refused, 2 bad usage). */
export async function keysCommand(
  args: string[],
  program = "workforce-api keys",
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const usage = (message: string) => {
    console.error(`${message}\n\n${keysUsage(program)}`);
    return 2;
  };
  let parsedArgs;
  try {
    parsedArgs = parseArgs({
      args,
      options: {
        tier: { type: "string" },
        scopes: { type: "string" },
        name: { type: "string" },
        "daily-limit": { type: "string" },
      },
      allowPositionals: true,
    });
  } catch (err) {
    return usage((err as Error).message);
  }
  const {
    values,
    positionals: [command, ...rest],
  } = parsedArgs;
  if (command !== "create" && command !== "list" && command !== "revoke")
    return usage(command ? `unknown command: ${command}` : "missing command");
  const create = command === "create" ? createArgs.safeParse(values) : undefined;
  if (create && !create.success)
    return usage(create.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"));
  if (command === "revoke" && !rest[0]) return usage(`revoke needs a key id (see \`${program} list\`)`);

  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const stores = openStateStores(openStateDb(config.STATE_DB), config);
  try {
    if (create?.success) {
      const { key, record } = await stores.keys.create({
        tier: create.data.tier,
        scopes: create.data.scopes as Scope[],
        name: create.data.name,
        dailyLimit: create.data["daily-limit"],
      });
      console.log(
        `created ${record.id} (${record.tier}; ${record.scopes.join(", ")}${record.dailyLimit ? `; ${record.dailyLimit}/day` : ""})`,
      );
      console.log(`key (shown once, store it now): ${key}`);
    } else if (command === "list") {
      for (const k of await stores.keys.list()) {
        console.log(
          [
            k.id,
            k.tier,
            k.scopes.join(","),
            k.dailyLimit ?? "tier default",
            k.name ?? "",
            k.createdAt,
            k.revokedAt ? `revoked ${k.revokedAt}` : "active",
          ].join("\t"),
        );
      }
    } else if (command === "revoke") {
      if (!(await stores.keys.revoke(rest[0]!))) {
        console.error(`no active key with id ${rest[0]}`);
        return 1;
      }
      console.log(`revoked ${rest[0]}`);
    }
    return 0;
  } finally {
    await stores.close();
  }
}
