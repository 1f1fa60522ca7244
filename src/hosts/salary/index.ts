// The salary host: benchmarks, trends, EU comparisons and compliance (E1–E8).
import { salary } from "./salary.ts";

export const salaryRoutes = [salary];
