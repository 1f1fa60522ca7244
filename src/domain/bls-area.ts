// BLS OEWS area codes. The snapshot keys areas by the 7-digit code BLS uses in series ids:
// 0000000 national, SS00000 state or territory (FIPS), 00 + CBSA for an MSA, nonmetro areas as published.
// Clients may also send the publisher's own AREA column: 99 (national), 2-digit FIPS, 5-digit CBSA.

export function blsAreaCode(input: string): string | null {
  const code = input.trim();
  if (!/^\d{2,7}$/.test(code)) return null;
  if (code === "99" || code === "0000000") return "0000000";
  if (code.length === 2) return `${code}00000`;
  if (code.length === 5) return `00${code}`;
  return code.length === 7 ? code : null;
}

export const AREA_TYPES: Record<number, string> = {
  1: "national",
  2: "state",
  3: "territory",
  4: "msa",
  6: "nonmetro",
};
