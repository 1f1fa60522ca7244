// What the image runs, checked against the real executable: the Dockerfile's and compose file's health checks as
// written, the build context, the pinned bases, and a strace proof that the service writes only to its state folder.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { runToEnd, spawnService, type Running } from "../../scripts/lib/service-process.ts";
import { whenInstalled } from "../support/requires.ts";

const dockerfile = readFileSync("Dockerfile", "utf8");
/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));
const only = (re: RegExp) => {
  const hits = instructions.map((l) => l.match(re)).filter((m) => m !== null);
  expect(hits.length).toBe(1);
  return hits[0]!;
};

// Where the image puts the executable: the runtime stage's COPY of build/workforce-api.
const imageExecutable = only(/^COPY --from=build \S*build\/workforce-api (\S+)$/)[1]!;
const localExecutable = resolve("build/workforce-api");
/** An exec-form command from the image, with the image's executable path swapped for the one built here. */
const asLocal = (argv: string[]) => {
  expect(argv[0]).toBe(imageExecutable); // the command names the file the image really has
  return [localExecutable, ...argv.slice(1)];
};

const dir = mkdtempSync(join(tmpdir(), "wf-container-"));
const KEY = "container-test-key-0123456789";
let running: Running;

beforeAll(async () => {
  expect((await runToEnd([process.execPath, "scripts/build-executable.ts"], {})).code).toBe(0);
  // As in a container: the engine sets HOSTNAME to the container's name, and no listening address is configured.
  const asInAContainer = { HOSTNAME: "wf-container-3f2a9c1d7e4b", LISTEN_ADDRESS: "" };
  running = await spawnService([localExecutable], {
    ...asInAContainer,
    BOOTSTRAP_API_KEY: KEY,
    STATE_DB: join(dir, "svc", "state.sqlite"),
    SNAPSHOT_PATH: "",
  });
}, 120_000);
afterAll(() => {
  running?.proc.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe("health checks as the image and the compose file run them", () => {
  test("the Dockerfile's HEALTHCHECK command exits 0 against the started service, on whatever PORT it listens", async () => {
    const argv = JSON.parse(only(/^HEALTHCHECK\s+(?:--\S+\s+)*CMD\s+(\[.*\])$/)[1]!) as string[];
    const probe = await runToEnd(asLocal(argv), {
      PORT: String(running.port),
      HOSTNAME: "wf-container-3f2a9c1d7e4b",
      LISTEN_ADDRESS: "",
    });
    expect({ code: probe.code, stderr: probe.stderr }).toEqual({ code: 0, stderr: "" });
  });

  test("compose.yaml's api healthcheck is the same probe and exits 0", async () => {
    const compose = Bun.YAML.parse(readFileSync("compose.yaml", "utf8")) as {
      services: { api: { healthcheck: { test: string[] } } };
    };
    const [form, ...argv] = compose.services.api.healthcheck.test;
    expect(form).toBe("CMD"); // exec form: the image has no shell
    expect((await runToEnd(asLocal(argv), { PORT: String(running.port) })).code).toBe(0);
  });

  test("ENTRYPOINT is the executable, and the image sets PORT to the port it exposes", () => {
    expect(JSON.parse(only(/^ENTRYPOINT\s+(\[.*\])$/)[1]!)).toEqual([imageExecutable]);
    const port = only(/^ENV\s+.*\bPORT=(\d+)/)[1];
    expect(only(/^EXPOSE\s+(\d+)$/)[1]).toBe(port);
  });
});

describe("bases and runtime settings", () => {
  test("the build stage is the official Bun image at the project's own Bun version", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
      packages: Record<string, { version: string }>;
    };
    const version = lock.packages["node_modules/bun"]!.version;
    expect(only(/^ARG BUN_IMAGE=(\S+)$/)[1]).toBe(`oven/bun:${version}`);
    expect(Bun.version).toBe(version); // the tests ran on that same Bun
    expect(only(/^FROM (\S+) AS build$/)[1]).toBe("${BUN_IMAGE}");
    expect(dockerfile).not.toMatch(/FROM node:|npx bun/);
  });

  test("the runtime stage is a glibc-only base, runs as a non-root user, stops on SIGTERM", () => {
    const froms = instructions.filter((l) => l.startsWith("FROM "));
    expect(froms.at(-1)).toBe("FROM ${RUNTIME_IMAGE}");
    expect(only(/^ARG RUNTIME_IMAGE=(\S+)$/)[1]).toMatch(
      /^(gcr\.io\/distroless\/base(-nossl)?-debian1\d:nonroot|debian:bookworm-slim)$/,
    );
    const user = only(/^USER (\S+)$/)[1]!;
    expect(user.split(":")[0]).not.toMatch(/^(root|0)$/);
    expect(only(/^STOPSIGNAL (\S+)$/)[1]).toBe("SIGTERM");
    // The state volume is the STATE_DB folder, owned by that user.
    const volume = only(/^VOLUME (\S+)$/)[1]!;
    expect(only(/^ENV\s+.*\bSTATE_DB=(\S+)/)[1]!.startsWith(`${volume}/`)).toBe(true);
    expect(only(/^COPY --from=build --chown=(\S+) \S+ (\S+)$/).slice(1)).toEqual([user, volume]);
  });
});

describe(".dockerignore", () => {
  // Docker's rules: a pattern is matched from the context root, and excluding a folder excludes what is inside it.
  const patterns = readFileSync(".dockerignore", "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const excluded = (path: string) => {
    const parts = path.split("/");
    return parts.some((_, i) =>
      patterns.some((p) => new Bun.Glob(p.replace(/^\/|\/$/g, "")).match(parts.slice(0, i + 1).join("/"))),
    );
  };

  test("keeps dependencies, generated snapshots and executables, local state and history out of the build context", () => {
    for (const path of [
      "node_modules/elysia/package.json",
      "build/workforce-api",
      "build/snapshot.sqlite",
      "var/state.sqlite",
      ".git/HEAD",
      "state.sqlite",
      "state.sqlite-wal",
      "server.log",
      "scratch/state.sqlite",
      "scratch/state.sqlite-shm",
      "logs/server.log",
      "test/salary/x.tmp",
    ]) {
      expect({ path, excluded: excluded(path) }).toEqual({ path, excluded: true });
    }
  });

  test("keeps everything the build reads, and re-includes nothing", () => {
    expect(patterns.filter((p) => p.startsWith("!"))).toEqual([]);
    for (const path of [
      "package.json",
      "package-lock.json",
      "tsconfig.json",
      "bunfig.toml",
      "src/main.ts",
      "src/executable.ts",
      "scripts/snapshot/build.ts",
      "scripts/build-executable.ts",
      "data/sources.json",
    ]) {
      expect({ path, excluded: excluded(path) }).toEqual({ path, excluded: false });
    }
  });
});

// Locally a missing strace skips this; in CI (.ci/run installs it) its absence fails it.
const traceable = whenInstalled(describe, !!Bun.which("strace"), "strace");
traceable("the executable writes only to its state folder (what a read-only root filesystem needs)", () => {
  // Every system call that can create, change or remove a file, traced across all threads.
  const WRITE_CALLS =
    "open,openat,openat2,creat,mkdir,mkdirat,rename,renameat,renameat2,unlink,unlinkat,rmdir,link,linkat,symlink,symlinkat,truncate,chmod,fchmodat,chown,lchown,fchownat,utimensat,mknod,mknodat";
  const OPEN_FOR_WRITE = /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC/;

  /** Paths the traced process wrote or tried to write, resolved against the directory each call named. */
  function writtenPaths(trace: string): string[] {
    const paths: string[] = [];
    for (const line of trace.split("\n")) {
      const call = line.match(/^\d+\s+(\w+)\((.*)$/);
      if (!call || call[2]!.startsWith("<...")) continue;
      const [, name, args] = call as unknown as [string, string, string];
      if (name.startsWith("open") && !OPEN_FOR_WRITE.test(args)) continue;
      const base = args.match(/^(?:AT_FDCWD|\d+)<([^>]*)>/)?.[1];
      for (const [, path] of args.matchAll(/"((?:[^"\\]|\\.)*)"/g))
        paths.push(isAbsolute(path!) ? path! : join(base ?? "/", path!));
    }
    return paths;
  }

  test("first start (snapshot unpack), requests on every host, a pay-gap report, a key created with `keys`, SIGTERM", async () => {
    const strace = Bun.which("strace")!;
    if (!strace)
      throw new Error("strace is required in CI for this test (apt-get install strace; .ci/run installs it)");
    const stateDir = join(dir, "traced-state");
    const cwd = mkdtempSync(join(tmpdir(), "wf-container-cwd-"));
    const traceFile = join(dir, "trace.txt");
    // Run from an empty folder (env --chdir), so a relative path would show up as a write outside the state folder.
    const traced = (argv: string[]) => [
      "env",
      "--chdir",
      cwd,
      strace,
      "-f",
      "-qq",
      "-y",
      "--seccomp-bpf",
      "-e",
      `trace=${WRITE_CALLS}`,
      "-o",
      traceFile,
      ...argv,
    ];
    const env = {
      BOOTSTRAP_API_KEY: KEY,
      STATE_DB: join(stateDir, "state.sqlite"),
      SNAPSHOT_PATH: "",
      ACCESS_LOG: "1",
    };

    const svc = await spawnService(traced([localExecutable]), env, 60_000);
    const call = (host: string, path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${svc.port}${path}`, {
        ...init,
        headers: { host, "x-api-key": KEY, "content-type": "application/json" },
      });
    const statuses = [
      (await call("salary.localhost", "/api/v1/salary?job_title=Registered%20Nurse&location=Boston")).status,
      (await call("salary.localhost", "/api/v1/trends?job_title=Software%20Developers")).status,
      (
        await call("salary.localhost", "/api/v1/compliance/pay-gap-report", {
          method: "POST",
          body: JSON.stringify({
            country: "DE",
            employees: [
              { job_title: "Cashier", gender: "F", salary: 30000 },
              { job_title: "Cashier", gender: "M", salary: 32000 },
            ],
          }),
        })
      ).status,
      (await call("cost.localhost", "/api/v1/cpi/categories")).status,
      (await call("skills.localhost", "/api/v1/skills/search?q=programming")).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // The signal goes to the service itself (the first pid in the trace), not to strace; strace then exits with its code.
    process.kill(Number(readFileSync(traceFile, "utf8").match(/^\d+/)![0]), "SIGTERM");
    expect(await svc.proc.exited).toBe(0);
    const serviceWrites = writtenPaths(readFileSync(traceFile, "utf8"));

    const keys = await runToEnd(
      traced([localExecutable, "keys", "create", "--tier", "free", "--scopes", "skills:read"]),
      env,
    );
    expect(keys.code).toBe(0);
    const keysWrites = writtenPaths(readFileSync(traceFile, "utf8"));
    rmSync(cwd, { recursive: true, force: true });

    // The trace saw the writes that must happen (so it traced the right process) and nothing outside the folder.
    expect(serviceWrites).toContain(join(stateDir, "state.sqlite"));
    expect(serviceWrites.some((p) => /snapshot-[0-9a-f]+\.sqlite$/.test(p))).toBe(true);
    expect(keysWrites).toContain(join(stateDir, "state.sqlite"));
    const outside = [...serviceWrites, ...keysWrites].filter((p) => p !== stateDir && !p.startsWith(`${stateDir}/`));
    expect(outside).toEqual([]);
  }, 120_000);
});
