import { expect, test } from "bun:test";
import { detailedSocCodes, socForEsco } from "./codes.ts";

const employment: Record<string, number> = { "15-1251.00": 100, "15-1252.00": 900, "15-1253.00": 2000 };
const matches = [
  { onet: "15-1251.00", relation: "closeMatch" },
  { onet: "15-1252.00", relation: "broadMatch" },
  { onet: "15-1253.00", relation: "closeMatch" },
];

test("an ESCO occupation's O*NET-SOC: the match O*NET calls by its English name first, then the most faithful relation, then employment", () => {
  // Without a same-named match: closeMatch beats broadMatch; of the two closeMatches the more employed.
  expect(socForEsco(matches, [], (c) => employment[c])).toEqual({ soc: "15-1253.00", basis: "esco_onet_closeMatch" });
  // "software developer" is O*NET's own "Software Developers" (15-1252.00), though only a broadMatch.
  expect(
    socForEsco(
      matches,
      [],
      (c) => employment[c],
      (c) => c === "15-1252.00",
    ),
  ).toEqual({ soc: "15-1252.00", basis: "esco_onet_same_name" });
  // No crosswalk match at all: the most employed occupation of the ISCO unit group.
  expect(socForEsco([], ["15-1251.00", "15-1252.00"], (c) => employment[c])).toEqual({
    soc: "15-1252.00",
    basis: "isco_unit_via_bls_isco_soc_crosswalk",
  });
});

test("a Census index code stands for the detailed SOC codes under it (SOC 2018 structure, by hand)", () => {
  const detailed = [
    "13-2011",
    "13-2041",
    "13-2099",
    "13-1111",
    "51-9011",
    "51-9012",
    "51-9021",
    "49-2091",
    "49-2092",
    "49-2011",
  ];
  expect(detailedSocCodes("13-2041", detailed)).toEqual(["13-2041"]);
  expect(detailedSocCodes("13-20XX", detailed)).toEqual(["13-2011", "13-2041", "13-2099"]);
  expect(detailedSocCodes("51-9010", detailed)).toEqual(["51-9011", "51-9012"]); // a broad group
  expect(detailedSocCodes("51-9000", detailed)).toEqual(["51-9011", "51-9012", "51-9021"]); // a minor group
  expect(detailedSocCodes("49-209X", detailed)).toEqual(["49-2091", "49-2092"]);
  // No code, or one that names nothing that exists: no right answer to learn from.
  expect(detailedSocCodes("", detailed)).toEqual([]);
  expect(detailedSocCodes("55-1011", detailed)).toEqual([]);
});
