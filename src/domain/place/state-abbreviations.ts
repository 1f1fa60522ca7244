// State abbreviations as newspapers and government style write them, besides USPS codes: the U.S. GPO Style
// Manual (2016, §9.13, "Ala.", "Calif.", "N. Mex.") and the AP Stylebook ("Kan.", "Neb.", "N.M.", "Ore.").
// Keyed without dots or spaces, lower case ("nmex"); two-letter forms are USPS codes and are not repeated here.
export const STATE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  ala: "AL",
  ariz: "AZ",
  ark: "AR",
  calif: "CA",
  cal: "CA",
  colo: "CO",
  conn: "CT",
  del: "DE",
  fla: "FL",
  ill: "IL",
  ind: "IN",
  kans: "KS",
  kan: "KS",
  mass: "MA",
  mich: "MI",
  minn: "MN",
  miss: "MS",
  mont: "MT",
  nebr: "NE",
  neb: "NE",
  nev: "NV",
  nmex: "NM",
  ndak: "ND",
  okla: "OK",
  oreg: "OR",
  ore: "OR",
  penn: "PA",
  sdak: "SD",
  tenn: "TN",
  tex: "TX",
  wash: "WA",
  wva: "WV",
  wis: "WI",
  wisc: "WI",
  wyo: "WY",
};

/** The USPS code an abbreviation ("Calif.", "N. Mex.", "Tenn") stands for. */
export const stateAbbreviation = (text: string): string | undefined =>
  STATE_ABBREVIATIONS[text.toLowerCase().replace(/[.\s]/g, "")];
