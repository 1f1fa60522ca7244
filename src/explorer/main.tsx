// The explorer: a key form, a menu, and one page per task. Each page calls the API from the browser.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { storedKey } from "./api.ts";
import { KeyForm } from "./components.tsx";
import { follow, usePath } from "./router.ts";
import { SalaryPage } from "./pages/salary.tsx";
import { PayGapPage } from "./pages/pay-gap.tsx";
import { PayEquityPage } from "./pages/pay-equity.tsx";
import { CostPage } from "./pages/cost.tsx";
import { OccupationPage } from "./pages/occupation.tsx";

const PAGES = [
  {
    path: "/explore/salary",
    name: "Salary",
    about: "A job title's pay percentiles in up to ten places, its trend and the occupation it matched.",
  },
  {
    path: "/explore/pay-gap",
    name: "Pay-gap report",
    about: "Drop an employee CSV or Excel file and get the EU Pay Transparency Directive's gap indicators.",
  },
  {
    path: "/explore/pay-equity",
    name: "Equal pay analysis",
    about:
      "Upload the Swiss Logib data sheet or your own file: the unexplained pay gap, what explains the rest, and the cost of closing it.",
  },
  {
    path: "/explore/cost",
    name: "Cost of living",
    about:
      "Consumer price indexes for up to six countries, price levels, and a U.S. metro's price parities and prices.",
  },
  {
    path: "/explore/occupation",
    name: "Occupation profile",
    about: "An occupation's skills, knowledge, work styles, technologies and wages by state.",
  },
];

function Home() {
  return (
    <>
      <h1>workforce-api explorer</h1>
      <p>
        Look things up in this service's data without writing code. Every figure shows the public release it comes from.
      </p>
      <ul class="cards">
        {PAGES.map((p) => (
          <li>
            <a href={p.path} onClick={follow}>
              {p.name}
            </a>
            <p>{p.about}</p>
          </li>
        ))}
      </ul>
      <p>
        Developers: each host's reference is at <a href="/salary/docs">/salary/docs</a>,{" "}
        <a href="/cost/docs">/cost/docs</a> and <a href="/skills/docs">/skills/docs</a>.
      </p>
    </>
  );
}

function pageFor(path: string) {
  if (path.startsWith("/explore/salary")) return <SalaryPage />;
  if (path.startsWith("/explore/pay-gap")) return <PayGapPage />;
  if (path.startsWith("/explore/pay-equity")) return <PayEquityPage />;
  if (path.startsWith("/explore/cost")) return <CostPage />;
  if (path.startsWith("/explore/occupation")) return <OccupationPage soc={path.split("/")[3] ?? ""} />;
  return <Home />;
}

function App() {
  const path = usePath();
  const [key, setKey] = useState(storedKey());
  // A new page: its name in the tab title, and focus at its start for screen-reader and keyboard users.
  const page = PAGES.find((p) => path.startsWith(p.path));
  useEffect(() => {
    document.title = page ? `${page.name}: workforce-api explorer` : "workforce-api explorer";
    if (document.activeElement?.closest("nav")) document.getElementById("main")?.focus();
  }, [path]);
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header>
        <nav aria-label="Pages">
          <a href="/explore" onClick={follow} aria-current={path === "/" || path === "/explore" ? "page" : undefined}>
            Explorer
          </a>
          {PAGES.map((p) => (
            <a href={p.path} onClick={follow} aria-current={path.startsWith(p.path) ? "page" : undefined}>
              {p.name}
            </a>
          ))}
        </nav>
        <KeyForm onChange={setKey} />
      </header>
      <main id="main" tabIndex={-1}>
        {key ? (
          pageFor(path)
        ) : (
          <p class="need-key">Enter an API key above to start. Ask whoever runs this service for one.</p>
        )}
      </main>
    </>
  );
}

const root = document.getElementById("app")!;
root.textContent = ""; // the "Loading…" placeholder
render(<App />, root);
