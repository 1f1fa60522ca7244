// The keys command: create, list and revoke API keys in the state database (or Redis with REDIS_URL).
// One implementation for `npm run keys -- …` and the executable's `workforce-api keys …`; the key itself is
// printed once, at creation.
import { parseArgs } from "node:util";
import { z } from "zod";
import { openStateDb } from "../state/state-db.ts";
import { SCOPE_MIN_TIER, SCOPES, TIERS, unusableScopes, type Scope, type Tier } from "../state/api-keys.ts";
import { openStateStores } from "../state/stores.ts";
import { loadConfig } from "../config.ts";
import { readableIssue } from "../zod-messages.ts";

/** A create option's problem as the operator typed it: "--scopes: "salery:read" must be one of …". */
function optionProblem(issue: { path: PropertyKey[]; message: string }, values: Record<string, unknown>): string {
  const [option, index] = issue.path;
  const typed = String(values[String(option)] ?? "");
  const value =
    typeof index === "number"
      ? typed
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean)[index]
      : undefined;
  return `--${String(option)}${value !== undefined ? ` "${value}"` : ""}: ${issue.message}`;
}

const tierOrHigher = (tier: Tier) => (tier === TIERS.at(-1) ? `the ${tier} tier` : `the ${tier} tier or higher`);

const COMMAND_USAGE = {
  create: (
    program: string,
  ) => `${program} create --tier ${TIERS.join("|")} --scopes SCOPE[,SCOPE…] [--name NAME] [--daily-limit N]
    Issues a key and prints it once. Scopes: ${SCOPES.join(", ")}.
    ${Object.entries(SCOPE_MIN_TIER)
      .map(([scope, tier]) => `${scope} needs ${tierOrHigher(tier)}`)
      .join("; ")}.
    --daily-limit overrides the tier's daily quota (QUOTA_FREE, QUOTA_PRO, QUOTA_ENTERPRISE) for this key.`,
  list: (program: string) => `${program} list
    Every key: id, tier, scopes, daily limit, last use (UTC day), name, created, status.`,
  revoke: (program: string) => `${program} revoke KEY_ID
    Revokes the key at once (other processes see it within KEY_CACHE_TTL_MS).`,
};
type KeysCommandName = keyof typeof COMMAND_USAGE;

export const keysUsage = (program: string, command?: KeysCommandName) =>
  `usage:
  ${(command ? [COMMAND_USAGE[command]] : Object.values(COMMAND_USAGE)).map((u) => u(program)).join("\n  ")}
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

/** Runs one keys command; returns the exit code (0 done; 1 nothing to do, e.g. revoking an unknown key; 2 bad usage or a refused key). */
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
        help: { type: "boolean", short: "h" },
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
  const known = command !== undefined && Object.hasOwn(COMMAND_USAGE, command);
  if (values.help && (known || command === undefined || command === "help"))
    return (console.log(keysUsage(program, known ? (command as KeysCommandName) : undefined)), 0);
  if (command === "help") return (console.log(keysUsage(program)), 0);
  if (!known) return usage(command ? `unknown command: ${command}` : "missing command");
  const create = command === "create" ? createArgs.safeParse(values, { error: readableIssue }) : undefined;
  if (create && !create.success) return usage(create.error.issues.map((i) => optionProblem(i, values)).join("\n"));
  const unusable = create?.success ? unusableScopes(create.data.tier, create.data.scopes as Scope[]) : [];
  if (create?.success && unusable.length) {
    // One fix for all of them: the highest tier any refused scope needs.
    const needed = TIERS[Math.max(...unusable.map((s) => TIERS.indexOf(SCOPE_MIN_TIER[s]!)))]!;
    console.error(
      `refused: a ${create.data.tier}-tier key could never use ${unusable.join(", ")} (${unusable
        .map((s) => `${s} needs ${tierOrHigher(SCOPE_MIN_TIER[s]!)}`)
        .join("; ")}). Use --tier ${needed}, or leave ${unusable.length > 1 ? "them" : "it"} out.`,
    );
    return 2;
  }
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
      const limits = { free: config.QUOTA_FREE, pro: config.QUOTA_PRO, enterprise: config.QUOTA_ENTERPRISE };
      const rows = [["id", "tier", "scopes", "daily limit", "last use (UTC)", "name", "created", "status"]];
      for (const k of await stores.keys.list())
        rows.push([
          k.id,
          k.tier,
          k.scopes.join(","),
          k.dailyLimit ? String(k.dailyLimit) : `${limits[k.tier]} (tier)`,
          // Redis forgets a day's count two days later: older use cannot be told from none there.
          (await stores.quota.lastUsedDay(k.id)) ?? (config.REDIS_URL ? "not in 2 days" : "never"),
          k.name ?? "",
          k.createdAt,
          k.revokedAt ? `revoked ${k.revokedAt}` : "active",
        ]);
      for (const row of rows) console.log(row.join("\t"));
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
