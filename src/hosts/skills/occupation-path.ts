// The {soc_code} path parameter of E16 and E17: 15-1252.00, or 15-1252 meaning 15-1252.00.
import { z } from "zod";
import { parseSocCode, SOC_CODE_PATTERN } from "../../domain/soc-code.ts";

export const socCodeParams = z.object({
  soc_code: z
    .string()
    .max(32)
    .regex(SOC_CODE_PATTERN, "must be an O*NET-SOC code such as 15-1252.00 or a SOC code such as 15-1252")
    .transform((s) => parseSocCode(s)!)
    .describe(
      "O*NET-SOC code (15-1252.00) or 6-digit SOC code (15-1252, read as 15-1252.00); URL-encoded forms accepted",
    ),
});
