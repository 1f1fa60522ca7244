// The pay period of every amount in a file that has no pay-period column, chosen by the user: shared by the
// pay-gap and equal-pay pages. Without a choice amounts are read as annual, unless they are too far apart to be of
// one period (`mixed`), and then a choice is required.
import type { Period } from "./employee-file.ts";

export function FilePeriodSelect({
  value,
  mixed,
  onChange,
}: {
  value: Period | undefined;
  mixed: boolean;
  onChange: (period: Period | undefined) => void;
}) {
  return (
    <label>
      Period of every amount (no pay-period column){" "}
      <select
        name="file_period"
        value={value ?? ""}
        onChange={(e) => onChange((e.currentTarget.value || undefined) as Period | undefined)}
      >
        <option value="">{mixed ? "(choose)" : "not stated (read as annual)"}</option>
        <option value="annual">annual</option>
        <option value="monthly">monthly</option>
        <option value="hourly">hourly</option>
      </select>
    </label>
  );
}
