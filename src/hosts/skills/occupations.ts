// E14 GET /v1/occupations: the O*NET occupation list, filtered and paged.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { paginate } from "../../domain/pagination.ts";
import type { Occupation } from "../../snapshot/repositories/occupations.ts";
import type { WagesRepository } from "../../snapshot/repositories/wages.ts";
import { OccupationSummary, occupationFilters, pageParams, paginated, onetNotes } from "./models.ts";

export const toOccupationSummary = (o: Occupation, wages: WagesRepository): z.infer<typeof OccupationSummary> => ({
  soc_code: o.socCode,
  title: o.title,
  job_zone: o.jobZone,
  bright_outlook: o.brightOutlook,
  green_occupation: o.green,
  oews_code: wages.oewsCodeFor(wages.latestYear, o.socCode.slice(0, 7))?.code ?? null,
});

export const listOccupations = defineRoute({
  id: "E14",
  summary: "List occupations",
  description: "O*NET-SOC occupations in SOC code order, optionally filtered by job zone.",
  method: "GET",
  path: "/api/v1/occupations",
  scope: "skills:read",
  examples: [
    { summary: "The first page", query: { page: "1", page_size: "10" } },
    { summary: "Job zone 4", query: { job_zone: "4" } },
  ],
  query: z.strictObject({ ...pageParams, ...occupationFilters }),
  response: paginated(OccupationSummary),
  handle: ({ query }, { occupations, wages, skills }) => {
    // Page first, then shape: only the page's occupations need their OEWS code looked up.
    const page = paginate(
      occupations.list({ jobZone: query.job_zone, brightOutlook: query.bright_outlook, green: query.green }),
      query.page,
      query.page_size,
    );
    return {
      data: { ...page, items: page.items.map((o) => toOccupationSummary(o, wages)) },
      datasets: ["onet_30_0", "bls_oews"],
      methodologyNotes: onetNotes(skills),
    };
  },
});
