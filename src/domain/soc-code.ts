// SOC code forms. O*NET-SOC codes carry a two-digit suffix (15-1252.00, 11-1011.03); OEWS publishes the
// 6-digit SOC code (15-1252), sometimes only a broader aggregate (15-1250 broad group).

export interface SocCode {
  onet: string;
  soc: string;
}

/** "15-1252.00" or "15-1252" (→ .00), surrounding spaces ignored; anything else is null. */
export function parseSocCode(input: string): SocCode | null {
  const m = /^(\d{2}-\d{4})(?:\.(\d{2}))?$/.exec(input.trim());
  return m ? { onet: `${m[1]}.${m[2] ?? "00"}`, soc: m[1] } : null;
}

/** The broad group a detailed SOC code belongs to (15-1252 → 15-1250), or null when it is one already. */
export const broadGroupOf = (soc: string): string | null => (soc.endsWith("0") ? null : `${soc.slice(0, 6)}0`);

export const SOC_CODE_PATTERN = /^\s*\d{2}-\d{4}(\.\d{2})?\s*$/;
