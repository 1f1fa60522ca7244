// The API's answers as the explorer reads them: the types inferred from the routes' own zod response schemas,
// imported as types only (erased from the bundle), so a page and the API cannot drift apart. Cost and skills
// answers come inside the envelope (api.ts `Enveloped`); these are the `data` in it.
import type { z } from "zod";
import type { salary } from "../hosts/salary/salary.ts";
import type { trends } from "../hosts/salary/trends.ts";
import type { locationSearch } from "../hosts/salary/location-search.ts";
import type { titleSuggest } from "../hosts/salary/title-suggest.ts";
import type { payGapReportRoute } from "../hosts/salary/pay-gap-report.ts";
import type { payEquityAnalysisRoute } from "../hosts/salary/pay-equity-analysis.ts";
import type { cpiCountries } from "../hosts/cost/cpi-countries.ts";
import type { cpiHistory } from "../hosts/cost/cpi-history.ts";
import type { pppCountry } from "../hosts/cost/ppp.ts";
import type { metroArea } from "../hosts/cost/metro.ts";
import type { metroAreas } from "../hosts/cost/metro-areas.ts";
import type { searchOccupations } from "../hosts/skills/occupation-search.ts";
import type { occupationSkills } from "../hosts/skills/occupation-skills.ts";
import type { occupationTechnologies } from "../hosts/skills/occupation-technologies.ts";
import type { occupationWages } from "../hosts/skills/occupation-wages.ts";

type ResponseOf<R extends { response: z.ZodType }> = z.output<R["response"]>;

export type SalaryAnswer = ResponseOf<typeof salary>;
export type TrendAnswer = ResponseOf<typeof trends>;
export type LocationSuggestions = ResponseOf<typeof locationSearch>;
export type TitleSuggestions = ResponseOf<typeof titleSuggest>;
export type PayGapReport = ResponseOf<typeof payGapReportRoute>;
export type PayEquityAnalysis = ResponseOf<typeof payEquityAnalysisRoute>;
export type CpiCountries = ResponseOf<typeof cpiCountries>;
export type CpiHistory = ResponseOf<typeof cpiHistory>;
export type PppHistory = ResponseOf<typeof pppCountry>;
export type MetroPrices = ResponseOf<typeof metroArea>;
export type MetroAreas = ResponseOf<typeof metroAreas>;
export type OccupationSearch = ResponseOf<typeof searchOccupations>;
export type OccupationSkills = ResponseOf<typeof occupationSkills>;
export type OccupationTechnologies = ResponseOf<typeof occupationTechnologies>;
export type OccupationWages = ResponseOf<typeof occupationWages>;
