// Every route of the three hosts, and a route's example as a request: what the generated contract tests walk.
import { salaryRoutes } from "../../src/hosts/salary/index.ts";
import { costRoutes } from "../../src/hosts/cost/index.ts";
import { skillsRoutes } from "../../src/hosts/skills/index.ts";
import type { AnyRoute, HostKind, RouteExample } from "../../src/http/route.ts";

export const ROUTES: { host: HostKind; route: AnyRoute }[] = [
  ...salaryRoutes.map((route) => ({ host: "salary" as const, route })),
  ...costRoutes.map((route) => ({ host: "cost" as const, route })),
  ...skillsRoutes.map((route) => ({ host: "skills" as const, route })),
];

/** The example as a request: path parameters filled in, the query as a URL carries it, the body as JSON. */
export function requestOf(route: AnyRoute, example: RouteExample, extraQuery: Record<string, string> = {}) {
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    encodeURIComponent((example.params as Record<string, string>)[name]),
  );
  const query = new URLSearchParams({
    ...(example.query as Record<string, string> | undefined),
    ...extraQuery,
  }).toString();
  const body = example.body === undefined ? undefined : JSON.stringify(example.body);
  return {
    url: query ? `${path}?${query}` : path,
    body,
    headers: body ? { "content-type": "application/json" } : undefined,
  };
}
