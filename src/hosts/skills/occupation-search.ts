// E15 GET /v1/occupations/search: occupations by trigram similarity over every title they are known by.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { paginate } from "../../domain/pagination.ts";
import {
  OccupationSummary,
  occupationFilters,
  pageParams,
  paginated,
  searchQuery,
  onetNotes,
  SEARCH_NOTES,
} from "./models.ts";
import { toOccupationSummary } from "./occupations.ts";
import { shortestFloat4 } from "../../domain/trigram.ts";

const OccupationHit = OccupationSummary.extend({
  score: z.number().min(0).max(1).describe("best pg_trgm similarity between q and any of the occupation's titles"),
  matched_title: z.string().describe("the title that scored best: O*NET title, alternate, short or reported title"),
});

export const searchOccupations = defineRoute({
  id: "E15",
  summary: "Search occupations",
  description:
    "An occupation's score is its best similarity over its O*NET title, alternate titles, short titles and reported titles. Page 1 and page_size 20 by default.",
  method: "GET",
  path: "/api/v1/occupations/search",
  scope: "skills:read",
  examples: [{ summary: "Nurses", query: { q: "nurse" } }],
  query: z.strictObject({ q: searchQuery, ...pageParams, ...occupationFilters }),
  response: paginated(OccupationHit),
  handle: ({ query }, { occupationSearch, occupations, wages, skills }) => {
    const hits = occupationSearch.search(query.q).flatMap((m) => {
      const o = occupations.get(m.key)!;
      const keep =
        (query.job_zone === undefined || o.jobZone === query.job_zone) &&
        (!query.bright_outlook || o.brightOutlook) &&
        (!query.green || o.green);
      return keep ? [{ o, m }] : [];
    });
    // Page first, then shape: only the page's hits need their OEWS code looked up.
    const page = paginate(hits, query.page, query.page_size);
    const items = page.items.map(({ o, m }) => ({
      ...toOccupationSummary(o, wages),
      score: shortestFloat4(m.score),
      matched_title: m.matchedText,
    }));
    return {
      data: { ...page, items },
      datasets: ["onet_30_0", "onet_29_3", "bls_oews"],
      methodologyNotes: `${SEARCH_NOTES} ${onetNotes(skills)}`,
    };
  },
});
