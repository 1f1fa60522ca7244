// The cost-of-living host: CPI, PPP and U.S. metro prices (E9–E13).
import { listCpiCategories } from "./categories.ts";

export const costRoutes = [listCpiCategories];
