// A throwaway PostgreSQL on a loopback port (Debian's postgresql package), for conformance tests and
// benchmarks. As root it runs the server as the `postgres` user, since PostgreSQL refuses root.
import { SQL } from "bun";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { freePort } from "./proc.ts";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

export interface Postgres {
  sql: SQL;
  port: number;
  stop(): Promise<void>;
}

function binDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], "bin") : null;
}

export const postgresAvailable = () => binDir() !== null;

function run(cmd: string[], asPostgres: boolean) {
  const full = asPostgres ? ["runuser", "-u", "postgres", "--", ...cmd] : cmd;
  const r = Bun.spawnSync(full, { stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${cmd.join(" ")} failed: ${r.stderr.toString()}${r.stdout.toString()}`);
}

export async function startPostgres(): Promise<Postgres> {
  const bin = binDir();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql postgresql-contrib)");
  const asPostgres = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), "wf-pg-"));
  const data = join(dir, "data");
  if (asPostgres) {
    const pw = Bun.spawnSync(["id", "-u", "postgres"]).stdout.toString().trim();
    const gid = Bun.spawnSync(["id", "-g", "postgres"]).stdout.toString().trim();
    chownSync(dir, Number(pw), Number(gid));
    chmodSync(dir, 0o700);
  }
  // A UTF-8 locale, so pg_trgm classifies and lower-cases non-ASCII letters (C.UTF-8 ships with glibc).
  run(
    [join(bin, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"],
    asPostgres,
  );
  // A port free a moment ago can be taken before PostgreSQL binds it (other test servers start meanwhile): retry.
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = freePort();
    try {
      run(
        [
          join(bin, "pg_ctl"),
          "-D",
          data,
          "-l",
          join(dir, "log"),
          "-w",
          "-o",
          `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
          "start",
        ],
        asPostgres,
      );
      break;
    } catch (err) {
      if (attempt === 3 || !readFileSync(join(dir, "log"), "utf8").includes("Address already in use")) throw err;
    }
  }
  const sql = new SQL({ url: `postgres://postgres@127.0.0.1:${port}/postgres`, max: 4 });
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`;
  return {
    sql,
    port,
    async stop() {
      await sql.close();
      try {
        run([join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"], asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
