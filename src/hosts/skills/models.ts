// Shapes of the skills host: query parameters shared by its list endpoints and the spec's resources.
import { z } from "zod";
import { SKILL_CATEGORIES, type SkillCategory } from "../../snapshot/repositories/skills.ts";

/** Query booleans: true/false/1/0 only; anything else is a 422 rather than a silent "false". */
export const queryBoolean = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const pageParams = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).describe("1-based page number"),
  page_size: z.coerce.number().int().min(1).max(100).default(20).describe("items per page, at most 100"),
};

export const occupationFilters = {
  job_zone: z.coerce.number().int().min(1).max(5).optional().describe("O*NET job zone (preparation level) 1–5"),
  bright_outlook: queryBoolean
    .optional()
    .describe("true: only Bright Outlook occupations (none until that list is loaded; see docs/data.md)"),
  green: queryBoolean
    .optional()
    .describe("true: only green-economy occupations (none until that list is loaded; see docs/data.md)"),
};

export const skillCategory = z
  .enum(SKILL_CATEGORIES as [SkillCategory, ...SkillCategory[]])
  .describe(
    "knowledge | skill | ability | work_style (addition: the 16 O*NET work styles, listed only when asked for by this value)",
  );

export const OccupationSummary = z.object({
  soc_code: z.string().describe("O*NET-SOC code, e.g. 15-1252.00"),
  title: z.string().describe("the O*NET 30.0 title"),
  job_zone: z
    .number()
    .int()
    .nullable()
    .describe("O*NET job zone, 1 (little or no preparation) to 5 (extensive); null when O*NET assigns none"),
  bright_outlook: z
    .boolean()
    .describe("O*NET Bright Outlook flag; false for every occupation until that list is loaded"),
  green_occupation: z
    .boolean()
    .describe("O*NET green-economy flag; false for every occupation until that list is loaded"),
  oews_code: z
    .string()
    .nullable()
    .describe(
      "addition: the code GET /api/v1/occupations/{soc_code}/wages answers with: the 6-digit SOC code, or the OEWS aggregate (25-9045) or broad group OEWS publishes it within; null when the latest OEWS vintage publishes no wages for it",
    ),
});

export const Skill = z.object({
  skill_id: z.string().describe("O*NET content-model element id, e.g. 2.A.1.a"),
  name: z.string().describe("O*NET element name, e.g. Reading Comprehension"),
  description: z.string().nullable().describe("O*NET's description of the element; null when O*NET gives none"),
  category: skillCategory,
});

/** q: 1–200 characters (Unicode code points), as the spec's Limits table says. */
export const searchQuery = z
  .string()
  .refine((q) => [...q].length >= 1, "q must have at least 1 character")
  .refine((q) => [...q].length <= 200, "q must have at most 200 characters")
  .describe("search text, 1–200 characters; typos and partial words are tolerated");

export const SEARCH_NOTES =
  "Ranked by PostgreSQL pg_trgm similarity (computed identically in memory): words are runs of letters and digits, " +
  "lower-cased, each padded with two spaces before and one after; similarity = shared trigrams / (all distinct trigrams of both). " +
  "Results have similarity ≥ 0.3 (pg_trgm's default threshold), best first; equal scores in code order.";

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item).describe("the page's items; empty past the last page"),
    total: z.number().int().describe("how many records match in all"),
    page: z.number().int().describe("1-based page number"),
    page_size: z.number().int().describe("items per page"),
    pages: z.number().int().describe("how many pages there are at this page_size"),
  });

/** What every skills-host answer says of its O*NET data; the abilities clause follows what the build loaded. */
export const onetNotes = (skills: { abilitiesRated: boolean }) =>
  "Occupations and titles: O*NET 30.0; skills, knowledge and work styles ratings: O*NET 29.3. " +
  (skills.abilitiesRated
    ? "Abilities ratings: O*NET's Abilities file as placed in the data mirror (its release is the operator's choice). "
    : "The loaded O*NET release carries no ability ratings: the 52 abilities of O*NET's content model (ids 1.A.*) are listed and searchable with category ability, and no occupation is rated on them (the snapshot build loads Abilities.xlsx or Abilities.txt when placed in the O*NET folder of the data mirror; docs/data.md). ") +
  "bright_outlook and green_occupation are false for every occupation until the Bright Outlook " +
  "and Green occupation lists are loaded. Ratings are normalised to 0–1 by O*NET's own scale bounds: importance = (IM − 1) / 4, level = LV / 7. " +
  "Work styles (category=work_style, an addition listed only when asked for) are rated on importance only, on the same scale; their level is null.";

/** O*NET's two technology flags, as every technology answer gives them. */
export const TechnologyFlags = {
  hot_technology: z.boolean().describe("O*NET Hot Technology: frequently in employers' job postings"),
  in_demand: z.boolean().describe("O*NET In Demand: frequently in job postings for this occupation"),
};

export const TECHNOLOGY_NOTES =
  "Technologies: O*NET 29.3 Technology Skills (examples of software and tools each occupation uses, filed under UNSPSC commodities). " +
  "Hot Technology and In Demand are O*NET's flags from job-posting frequencies: Hot Technology is a property of the technology, In Demand of the technology in one occupation.";
