// The spec's CPI category codes and where each comes from. BLS item codes are the CPI-U item codes;
// note the spec's SAC (apparel) is BLS's SAA (BLS SAC means "commodities"). HICP divisions are ECOICOP;
// SAE ("education and communication") maps to CP10 education plus CP08 communication.
export interface CpiCategory {
  code: string;
  name: string;
  blsItem: string;
  hicpCoicop: string[];
}

export const CPI_CATEGORIES: readonly CpiCategory[] = [
  { code: "SA0", name: "All items", blsItem: "SA0", hicpCoicop: ["CP00"] },
  { code: "SAF", name: "Food and beverages", blsItem: "SAF", hicpCoicop: ["CP01"] },
  { code: "SAH", name: "Housing", blsItem: "SAH", hicpCoicop: ["CP04"] },
  { code: "SAT", name: "Transportation", blsItem: "SAT", hicpCoicop: ["CP07"] },
  { code: "SAM", name: "Medical care", blsItem: "SAM", hicpCoicop: ["CP06"] },
  { code: "SAR", name: "Recreation", blsItem: "SAR", hicpCoicop: ["CP09"] },
  { code: "SAE", name: "Education and communication", blsItem: "SAE", hicpCoicop: ["CP10", "CP08"] },
  { code: "SAC", name: "Apparel", blsItem: "SAA", hicpCoicop: ["CP03"] },
];

export const cpiCategory = (code: string) => CPI_CATEGORIES.find((c) => c.code === code) ?? null;

/** The BLS CPI-U series of a category: U.S. city average, not seasonally adjusted. */
export const blsSeriesId = (c: CpiCategory) => `CUUR0000${c.blsItem}`;
