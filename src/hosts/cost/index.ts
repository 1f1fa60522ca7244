// The cost-of-living host: CPI, PPP and U.S. metro prices (E9–E13), and discovery lists. Static paths first.
import { listCpiCategories } from "./categories.ts";
import { cpiHistory } from "./cpi-history.ts";
import { cpiCompare } from "./cpi-compare.ts";
import { pppCountry } from "./ppp.ts";
import { metroArea } from "./metro.ts";
import { cpiCountries } from "./cpi-countries.ts";
import { pppCountries } from "./ppp-countries.ts";
import { metroAreas } from "./metro-areas.ts";

export const costRoutes = [
  listCpiCategories,
  cpiCountries,
  cpiHistory,
  cpiCompare,
  pppCountries,
  pppCountry,
  metroAreas,
  metroArea,
];
