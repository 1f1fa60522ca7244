import { expect, test } from "bun:test";
import { socForEsco } from "./codes.ts";

const employment: Record<string, number> = { "15-1251.00": 100, "15-1252.00": 900, "15-1253.00": 2000 };
const matches = [{ onet: "15-1251.00", relation: "closeMatch" }, { onet: "15-1252.00", relation: "broadMatch" }, { onet: "15-1253.00", relation: "closeMatch" }];

test("an ESCO occupation's O*NET-SOC: the match O*NET calls by its English name first, then the most faithful relation, then employment", () => {
  // Without a same-named match: closeMatch beats broadMatch; of the two closeMatches the more employed.
  expect(socForEsco(matches, [], (c) => employment[c])).toEqual({ soc: "15-1253.00", basis: "esco_onet_closeMatch" });
  // "software developer" is O*NET's own "Software Developers" (15-1252.00), though only a broadMatch.
  expect(socForEsco(matches, [], (c) => employment[c], (c) => c === "15-1252.00")).toEqual({ soc: "15-1252.00", basis: "esco_onet_same_name" });
  // No crosswalk match at all: the most employed occupation of the ISCO unit group.
  expect(socForEsco([], ["15-1251.00", "15-1252.00"], (c) => employment[c])).toEqual({ soc: "15-1252.00", basis: "isco_unit_via_bls_isco_soc_crosswalk" });
});
