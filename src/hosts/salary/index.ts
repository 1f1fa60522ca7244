// The salary host: benchmarks, trends, EU comparisons and compliance (E1–E8).
import { salary } from "./salary.ts";
import { compareSalaries } from "./compare.ts";

export const salaryRoutes = [salary, compareSalaries];
