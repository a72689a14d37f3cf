import type { Language } from "../../../contracts/constants";
import type { MasteryState } from "../../../contracts/learning-base";

/*
 * The students × KCs export (ADR 0036): RFC 4180 CSV (commas, CRLF, fields quoted when they hold a
 * comma, a quote or a line break, quotes doubled), UTF-8 with a byte-order mark so that Excel reads
 * the accents, and no cell that a spreadsheet would run as a formula (OWASP "CSV injection").
 */

/** A byte-order mark: Excel opens a BOM-less CSV as ANSI and mangles "García". */
export const BOM = "\uFEFF";

/** What spreadsheets take as the start of a formula (OWASP: = + - @, and tab and carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text: a formula-looking one gets a leading apostrophe, and it is quoted when it must be. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return BOM + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

type Labels = {
  headers: [string, string, string, string, string, string, string, string, string];
  states: Record<MasteryState, string>;
  yes: string;
  no: string;
  file: string;
};

/** The export's words in the product's five languages (the pages' own are in locales/<lng>/analytics.json). */
export const CSV_LABELS: Record<Language, Labels> = {
  es: {
    headers: ["Estudiante", "Código del KC", "Nombre del KC", "Estado", "P(L)", "Respuestas", "Correctas", "Recuerdo", "Necesita repaso"],
    states: { mastered: "Dominado", in_progress: "En progreso", not_started: "Sin empezar" },
    yes: "Sí",
    no: "No",
    file: "analitica",
  },
  ca: {
    headers: ["Estudiant", "Codi del KC", "Nom del KC", "Estat", "P(L)", "Respostes", "Correctes", "Record", "Cal repàs"],
    states: { mastered: "Dominat", in_progress: "En curs", not_started: "Sense començar" },
    yes: "Sí",
    no: "No",
    file: "analitica",
  },
  eu: {
    headers: ["Ikaslea", "KC kodea", "KC izena", "Egoera", "P(L)", "Erantzunak", "Zuzenak", "Oroimena", "Errepasatu behar da"],
    states: { mastered: "Menderatuta", in_progress: "Martxan", not_started: "Hasi gabe" },
    yes: "Bai",
    no: "Ez",
    file: "analitika",
  },
  en: {
    headers: ["Student", "KC code", "KC name", "State", "P(L)", "Answers", "Correct", "Recall", "Review needed"],
    states: { mastered: "Mastered", in_progress: "In progress", not_started: "Not started" },
    yes: "Yes",
    no: "No",
    file: "analytics",
  },
  pt: {
    headers: ["Estudante", "Código do KC", "Nome do KC", "Estado", "P(L)", "Respostas", "Corretas", "Retenção", "Precisa de revisão"],
    states: { mastered: "Dominado", in_progress: "Em andamento", not_started: "Não iniciado" },
    yes: "Sim",
    no: "Não",
    file: "analise",
  },
};

export type CsvRow = {
  student: string;
  kcCode: string;
  kcName: string;
  state: MasteryState;
  /** Null: not started (no estimate yet). */
  known: number | null;
  answers: number;
  correct: number;
  recall: number | null;
  reviewNeeded: boolean;
};

const decimal = (x: number | null): string => (x === null ? "" : x.toFixed(4));

/** The export of `rows` (students × KCs) in `lng`. Numbers use a dot: RFC 4180 and every spreadsheet's import read it. */
export function analyticsCsv(rows: readonly CsvRow[], lng: Language): string {
  const l = CSV_LABELS[lng];
  return toCsv([
    l.headers,
    ...rows.map((r) => [r.student, r.kcCode, r.kcName, l.states[r.state], decimal(r.known), r.answers, r.correct, decimal(r.recall), r.reviewNeeded ? l.yes : l.no]),
  ]);
}

/** "analitica-matematicas-1-eso-a-2027-01-18.csv": ASCII only, safe in any Content-Disposition. */
export function csvFileName(className: string, lng: Language, now: Date): string {
  const slug = className
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${[CSV_LABELS[lng].file, slug, now.toISOString().slice(0, 10)].filter(Boolean).join("-")}.csv`;
}
