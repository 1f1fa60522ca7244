// The salary host: benchmarks, trends, EU comparisons and compliance (E1–E8, the pay-equity analysis), and the EU/EEA country listing. Static paths first.
import { salary } from "./salary.ts";
import { compareSalaries } from "./compare.ts";
import { trends } from "./trends.ts";
import { euSalary } from "./eu-salary.ts";
import { euCompare } from "./eu-compare.ts";
import { euCountries } from "./eu-countries.ts";
import { payGapReportRoute } from "./pay-gap-report.ts";
import { payEquityAnalysisRoute } from "./pay-equity-analysis.ts";
import { validateSalaryRange } from "./validate-range.ts";
import { locationSearch } from "./location-search.ts";
import { salaryCountries } from "./countries.ts";
import { titleSuggest } from "./title-suggest.ts";

export const salaryRoutes = [
  trends,
  salary,
  compareSalaries,
  euSalary,
  euCompare,
  euCountries,
  payGapReportRoute,
  payEquityAnalysisRoute,
  validateSalaryRange,
  locationSearch,
  titleSuggest,
  salaryCountries,
];
