// Where a posted range sits against a benchmark's estimated percentiles (E8). The benchmark is a whole ISCO-08
// major group, so a finding is information, and the range is judged unreasonable only when it lies wholly
// outside the group's plausible spread (p10–p90), never for merely sitting in a tail of it.

export type MarketFinding = "BELOW_PLAUSIBLE" | "ABOVE_PLAUSIBLE" | "BELOW_MARKET" | "ABOVE_MARKET" | "RANGE_TOO_WIDE";

export interface MarketVerdict {
  reasonable: boolean;
  findings: MarketFinding[];
}

/** minAnnual–maxAnnual against annual percentiles p10…p90 and the benchmark mean. */
export function marketVerdict(
  minAnnual: number,
  maxAnnual: number,
  p: Record<"p10" | "p25" | "p75" | "p90", number>,
  mean: number,
): MarketVerdict {
  const findings: MarketFinding[] = [];
  if (maxAnnual < p.p10) findings.push("BELOW_PLAUSIBLE");
  else if (maxAnnual < p.p25) findings.push("BELOW_MARKET");
  if (minAnnual > p.p90) findings.push("ABOVE_PLAUSIBLE");
  else if (minAnnual > p.p75) findings.push("ABOVE_MARKET");
  if (maxAnnual - minAnnual > mean) findings.push("RANGE_TOO_WIDE");
  return { reasonable: !findings.some((f) => f === "BELOW_PLAUSIBLE" || f === "ABOVE_PLAUSIBLE"), findings };
}
