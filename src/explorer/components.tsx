// Pieces every page uses: the key form, an error box in the API's words, a combobox with suggestions, and a
// chart figure with its data table and source.
import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { ApiFailure, shownError, storedKey, storeKey } from "./api.ts";
import { Chart, PALETTE } from "./chart.ts";

export function KeyForm({ onChange }: { onChange: (key: string) => void }) {
  const [draft, setDraft] = useState("");
  const key = storedKey();
  if (key) {
    return (
      <div class="key-form">
        <span>API key set for this tab (…{key.slice(-4)}).</span>{" "}
        <button
          type="button"
          onClick={() => {
            storeKey("");
            onChange("");
          }}
        >
          Forget key
        </button>
      </div>
    );
  }
  return (
    <form
      class="key-form"
      onSubmit={(e) => {
        e.preventDefault();
        storeKey(draft.trim());
        onChange(draft.trim());
        setDraft("");
      }}
    >
      <label for="api-key">API key</label>
      <input
        id="api-key"
        type="password"
        autocomplete="off"
        value={draft}
        onInput={(e) => setDraft(e.currentTarget.value)}
        required
      />
      <button type="submit">Use key</button>
      <small>Kept in this tab's session storage only; sent as X-API-Key with each call.</small>
    </form>
  );
}

export function ErrorBox({ error }: { error: unknown }) {
  if (!error) return null;
  const failure = error instanceof ApiFailure ? error : null;
  return (
    <div class="error" role="alert">
      <strong>{failure ? `${failure.code} (${failure.status})` : "Error"}:</strong>{" "}
      {failure?.message ?? String((error as Error)?.message ?? error)}
      {failure?.errors.length ? (
        <ul>
          {failure.errors.slice(0, 10).map((e) => (
            <li>{e.message}</li>
          ))}
        </ul>
      ) : null}
      {failure?.suggestion ? <p class="suggestion">{failure.suggestion}</p> : null}
      {failure?.requestId ? (
        <p class="request-id">
          Request id: <code>{failure.requestId}</code>
        </p>
      ) : null}
    </div>
  );
}

export interface Option {
  label: string;
  value: string;
  hint?: string;
}

/**
 * A text field with suggestions (WAI-ARIA combobox with a listbox popup): arrows move through the suggestions,
 * Enter picks one, Escape closes them. `suggest` is called as the user types, after a short pause.
 */
export function Combobox({
  label,
  value,
  onInput,
  onPick,
  suggest,
  placeholder,
}: {
  label: string;
  value: string;
  placeholder?: string;
  onInput: (text: string) => void;
  onPick: (option: Option) => void;
  suggest: (text: string, signal: AbortSignal) => Promise<Option[]>;
}) {
  const id = useId();
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<unknown>(null);
  const typed = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!typed.current || value.trim().length < 2) {
      setOptions([]);
      return;
    }
    const abort = new AbortController();
    // Suggestions that arrive after the user has moved on do not open over the rest of the form.
    const timer = setTimeout(
      () =>
        suggest(value.trim(), abort.signal).then(
          (o) => {
            setError(null);
            setOptions(o);
            setActive(-1);
            setOpen(o.length > 0 && document.activeElement === input.current);
          },
          (e) => {
            if (shownError(e)) setError(e);
          },
        ),
      150,
    );
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [value]);
  const pick = (o: Option) => {
    typed.current = false;
    setOpen(false);
    setOptions([]);
    onPick(o);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" && options.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % options.length);
    } else if (e.key === "ArrowUp" && options.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
    } else if (e.key === "Enter" && open && active >= 0) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === "Escape") setOpen(false);
  };
  return (
    <div class="combobox">
      <label for={`${id}-input`}>{label}</label>
      <input
        ref={input}
        id={`${id}-input`}
        type="text"
        role="combobox"
        autocomplete="off"
        placeholder={placeholder}
        value={value}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
        onInput={(e) => {
          typed.current = true;
          onInput(e.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern; focus stays in the input (aria-activedescendant) */}
      <ul id={`${id}-list`} role="listbox" aria-label={`${label} suggestions`} hidden={!open}>
        {options.map((o, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive: an option of that combobox, chosen from the input
          <li
            id={`${id}-opt-${i}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox pattern (above)
            role="option"
            aria-selected={i === active}
            class={i === active ? "active" : ""}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(o);
            }}
          >
            {o.label}
            {o.hint ? <small> {o.hint}</small> : null}
          </li>
        ))}
      </ul>
      {error ? <ErrorBox error={error} /> : null}
    </div>
  );
}

export interface Series {
  label: string;
  values: (number | null)[];
  /** The index of the point drawn large (a diamond): a line's median. */
  emphasis?: number;
  /** The index of a point that is not joined to its neighbours (a triangle): a mean beside percentiles. */
  alone?: number;
}
type Kind = "line" | "bar" | "hbar" | "stacked";

/**
 * A chart and, behind a toggle, the table of the very figures it draws; the source and vintage underneath.
 * `emphasis`: the index of the point to mark (a percentile chart's median).
 */
export function ChartFigure({
  title,
  kind,
  labels,
  series,
  unit,
  source,
  note,
  id,
}: {
  title: string;
  kind: Kind;
  labels: string[];
  series: Series[];
  unit: string;
  source: ComponentChildren;
  note?: ComponentChildren;
  id?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  useEffect(() => {
    const horizontal = kind === "hbar" || kind === "stacked";
    const chart = new Chart(canvas.current!, {
      type: kind === "line" ? "line" : "bar",
      data: {
        labels,
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.values,
          spanGaps: true,
          borderColor: PALETTE[i % PALETTE.length],
          backgroundColor: PALETTE[i % PALETTE.length],
          pointRadius: s.values.map((_, j) => (j === s.emphasis ? 8 : j === s.alone ? 7 : 3)),
          pointStyle: s.values.map((_, j) => (j === s.emphasis ? "rectRot" : j === s.alone ? "triangle" : "circle")),
          // A point drawn alone joins no line: the segments into and out of it are not drawn.
          segment: {
            borderColor: (ctx: { p0DataIndex: number; p1DataIndex: number }) =>
              ctx.p0DataIndex === s.alone || ctx.p1DataIndex === s.alone ? "transparent" : undefined,
          },
        })),
      },
      options: {
        indexAxis: horizontal ? "y" : "x",
        maintainAspectRatio: false,
        scales: {
          [horizontal ? "x" : "y"]: { stacked: kind === "stacked", title: { display: true, text: unit } },
          [horizontal ? "y" : "x"]: { stacked: kind === "stacked" },
        },
        plugins: { legend: { display: series.length > 1 } },
      },
    });
    return () => chart.destroy();
  }, [kind, JSON.stringify(labels), JSON.stringify(series), unit]);
  const height = kind === "hbar" ? Math.max(220, labels.length * 26 + 60) : 300;
  return (
    <figure class="chart" id={id}>
      <figcaption>{title}</figcaption>
      <div class="chart-box" style={{ height: `${height}px` }}>
        <canvas ref={canvas} role="img" aria-label={`${title}. The figures are in the data table.`} />
      </div>
      <button
        type="button"
        class="table-toggle"
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable(!showTable)}
      >
        {showTable ? "Hide" : "Show"} data table
      </button>
      <table id={tableId} class="data-table" hidden={!showTable}>
        <caption>
          {title} ({unit})
        </caption>
        <thead>
          <tr>
            <td />
            {series.map((s) => (
              <th scope="col">{s.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((l, i) => (
            <tr>
              <th scope="row">{l}</th>
              {series.map((s) => (
                <td>{formatNumber(s.values[i])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {note ? <p class="note">{note}</p> : null}
      <p class="source">Source: {source}</p>
    </figure>
  );
}

export const formatNumber = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? "—" : v.toLocaleString("en-US", { maximumFractionDigits: digits });
