// The salary host: benchmarks, trends, EU comparisons and compliance (E1–E8). Endpoints arrive with issues 4 and 5;
// until then the host answers its docs, OpenAPI document, and the spec's envelopes for everything else.
import type { AnyRoute } from "../../http/route.ts";

export const salaryRoutes: AnyRoute[] = [];
