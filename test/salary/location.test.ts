// Location resolution: ≥ 50 inputs as people type them, with the area or country a careful reader expects.
import { beforeAll, describe, expect, test } from "bun:test";
import { openSnapshot } from "../../src/snapshot/open.ts";
import { createServices, type Services } from "../../src/services.ts";
import { resolveLocation, suggestLocations } from "../../src/domain/location.ts";

let s: Services;
beforeAll(() => { s = createServices(openSnapshot(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite")); });

// [input, expected]: "US:<7-digit area>", "EU:<ISO alpha-2>", "NOT_EU:<ISO>", or null (unresolvable)
const LOCATIONS: [string, string | null][] = [
  ["", "US:0000000"], ["US", "US:0000000"], ["usa", "US:0000000"], ["United States", "US:0000000"], ["99", "US:0000000"], ["0000000", "US:0000000"],
  ["35620", "US:0035620"], ["0035620", "US:0035620"], ["12420", "US:0012420"], ["48", "US:4800000"], ["0100001", "US:0100001"],
  ["Austin", "US:0012420"], ["Austin, TX", "US:0012420"], ["austin,tx", "US:0012420"], ["Austin-Round Rock-San Marcos, TX", "US:0012420"],
  ["Austin-Round Rock-San Marcos", "US:0012420"], ["San Francisco", "US:0041860"], ["New York", "US:0035620"], ["New York State", "US:3600000"],
  ["Chicago", "US:0016980"], ["Seattle", "US:0042660"], ["Boston", "US:0014460"], ["Portland", "US:0038900"], ["Portland, ME", "US:0038860"],
  ["Springfield, IL", "US:0044100"], ["Washington", "US:0047900"], ["Texas", "US:4800000"], ["texas", "US:4800000"], ["US-TX", "US:4800000"],
  ["US-DE", "US:1000000"], ["Delaware", "US:1000000"], ["California", "US:0600000"], ["San Juan", "US:0041980"],
  ["Puerto Rico", null] /* the May 2025 file has no territory-level rows; its MSAs resolve */,
  ["DE", "EU:DE"], ["de", "EU:DE"], ["DEU", "EU:DE"], ["Germany", "EU:DE"], ["Deutschland", "EU:DE"], ["Allemagne", "EU:DE"], ["Alemania", "EU:DE"],
  ["FR", "EU:FR"], ["France", "EU:FR"], ["Frankreich", "EU:FR"], ["EL", "EU:GR"], ["GR", "EU:GR"], ["Ελλάδα", "EU:GR"], ["Polska", "EU:PL"],
  ["España", "EU:ES"], ["Sverige", "EU:SE"], ["Norway", "EU:NO"], ["Iceland", "EU:IS"], ["Lyon", "EU:FR"], ["Paris", "EU:FR"], ["Munich", "EU:DE"],
  ["Kraków", "EU:PL"], ["Athens", "EU:GR"], ["Naples", "EU:IT"], ["Athens, GA", "US:0012020"], ["Milan", "EU:IT"], ["Barcelona", "EU:ES"],
  ["UK", "NOT_EU:GB"], ["United Kingdom", "NOT_EU:GB"], ["Japan", "NOT_EU:JP"], ["CH", "NOT_EU:CH"],
  ["Xyzzyville", null], ["xx", null], ["00000", null], ["12345", "US:0010580"], ["123", null], ["!!!", null], ["Springfield, ZZ", null],
];

const describeResult = (r: ReturnType<typeof resolveLocation>) =>
  !r ? null : r.region === "us" ? `US:${r.area.areaCode}` : r.region === "eu" ? `EU:${r.countryCode}` : `NOT_EU:${r.countryCode}`;

describe("location table", () => {
  test(`${LOCATIONS.length} locations (≥ 50)`, () => expect(LOCATIONS.length).toBeGreaterThanOrEqual(50));
  for (const [input, expected] of LOCATIONS) {
    test(`${JSON.stringify(input)} → ${expected}`, () => expect(describeResult(resolveLocation(input, s.locations))).toBe(expected));
  }
});

describe("suggestions", () => {
  test("an unresolvable place gets the closest names", () => {
    expect(suggestLocations("Atlanta GA", s.locations)[0]).toContain("Atlanta");
  });
});
