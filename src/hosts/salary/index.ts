// The salary host: benchmarks, trends, EU comparisons and compliance (E1–E8).
import { salary } from "./salary.ts";
import { compareSalaries } from "./compare.ts";
import { trends } from "./trends.ts";

export const salaryRoutes = [trends, salary, compareSalaries];
