// The cost-of-living host: CPI, PPP and U.S. metro prices (E9–E13), and discovery lists.
import { listCpiCategories } from "./categories.ts";
import { cpiHistory } from "./cpi-history.ts";

export const costRoutes = [listCpiCategories, cpiHistory];
