// `npm run docs:routes`: the table of every route (id → host, method, path, file) in docs/ARCHITECTURE.md, between
// its routes markers, generated from the route declarations so it cannot drift (test/docs/documented.test.ts).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { costRoutes } from "../../src/hosts/cost/index.ts";
import { salaryRoutes } from "../../src/hosts/salary/index.ts";
import { skillsRoutes } from "../../src/hosts/skills/index.ts";
import type { AnyRoute, HostKind } from "../../src/http/route.ts";

const ROOT = resolve(import.meta.dir, "../..");
export const ARCHITECTURE = join(ROOT, "docs/ARCHITECTURE.md");
const BEGIN = "<!-- routes:begin -->";
const END = "<!-- routes:end -->";

export const ROUTES_BY_HOST: Record<HostKind, readonly AnyRoute[]> = {
  salary: salaryRoutes,
  cost: costRoutes,
  skills: skillsRoutes,
};

/** Each route id → the file under src/hosts/ that declares it (its `id: "E2"` line), every host file read once. */
function routeFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const host of Object.keys(ROUTES_BY_HOST)) {
    const dir = join(ROOT, "src/hosts", host);
    for (const name of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      for (const [, id] of readFileSync(join(dir, name), "utf8").matchAll(/\bid: "([EX]\d+)"/g))
        files.set(id, `src/hosts/${host}/${name}`);
    }
  }
  return files;
}

const order = (id: string) => (id.startsWith("E") ? 0 : 100) + Number(id.slice(1));

export function routeTable(): string {
  const files = routeFiles();
  const rows = Object.entries(ROUTES_BY_HOST)
    .flatMap(([host, routes]) => routes.map((route) => ({ host: host as HostKind, route })))
    .sort((a, b) => order(a.route.id) - order(b.route.id));
  return [
    "| id | host | method and path | file | summary |",
    "|---|---|---|---|---|",
    ...rows.map(({ host, route }) => {
      const file = files.get(route.id);
      if (!file) throw new Error(`no file in src/hosts/${host} declares route ${route.id}`);
      return `| ${route.id} | ${host} | \`${route.method} ${route.path}\` | [${file}](../${file}) | ${route.summary} |`;
    }),
  ].join("\n");
}

/** The document with the table between its markers replaced by the current one. */
export function withRouteTable(markdown: string): string {
  const start = markdown.indexOf(BEGIN);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/ARCHITECTURE.md lacks the ${BEGIN} … ${END} markers`);
  return `${markdown.slice(0, start + BEGIN.length)}\n${routeTable()}\n${markdown.slice(end)}`;
}

if (import.meta.main) writeFileSync(ARCHITECTURE, withRouteTable(readFileSync(ARCHITECTURE, "utf8")));
