// Chart.js, with only the pieces the pages draw (line and bar charts), registered once. No animation: a chart
// shows its figures at once, prints as shown, and tests read it without waiting.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);
Chart.defaults.animation = false;
Chart.defaults.font.family = "system-ui, sans-serif";
Chart.defaults.color = "#1f2933";

/** Colour-blind-safe (Okabe–Ito, its two light hues darkened), each at ≥ 3:1 against white (3.0–21). */
export const PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#9A6700", "#6A3D9A", "#000000", "#999933"];

export { Chart };
