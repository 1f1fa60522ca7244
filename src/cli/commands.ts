// The executable's (and `bun src/main.ts`'s) first word picks what it does: serve (the default), probe a running
// service, or manage keys. Everything but serving runs here and exits; serving is start() in main.ts.

export const USAGE = `usage:
  workforce-api [serve]                     start the service (configured by environment variables; see docs/data.md)
  workforce-api healthcheck                 probe the running service's /readyz on 127.0.0.1:$PORT; exit 0 or 1
  workforce-api keys create|list|revoke …   manage API keys (workforce-api keys --help)`;

export type Command =
  | { name: "serve" }
  | { name: "healthcheck" }
  | { name: "keys"; args: string[] }
  | { name: "help" }
  | { name: "unknown"; word: string };

/** argv as Bun gives it: [runtime, script or executable, ...words]. */
export function commandOf(argv: readonly string[]): Command {
  const [word, ...args] = argv.slice(2);
  if (word === undefined || word === "serve") return { name: "serve" };
  if (word === "healthcheck") return { name: "healthcheck" };
  if (word === "keys") return { name: "keys", args };
  if (word === "help" || word === "--help" || word === "-h") return { name: "help" };
  return { name: "unknown", word };
}

/** Runs a command other than serve and returns its exit code. */
export async function runCommand(command: Exclude<Command, { name: "serve" }>): Promise<number> {
  switch (command.name) {
    // Loaded only when asked for: a serving process never holds the command-line code.
    case "healthcheck":
      return (await import("./healthcheck.ts")).healthcheck();
    case "keys": {
      const { keysCommand } = await import("./keys.ts");
      return keysCommand(command.args);
    }
    case "help":
      return (console.log(USAGE), 0);
    case "unknown":
      return (console.error(`unknown command: ${command.word}\n\n${USAGE}`), 2);
  }
}
