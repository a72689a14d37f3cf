import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { UnitRecommendation } from "../../src/contracts/practice";
import { UnitRecommendationsCard } from "../../src/client/features/practice/UnitRecommendationsCard";
import { fail, ok, reply, type ApiRoutes } from "../support/client-api";
import { renderWithProviders, signedInAs } from "../support/render";

/*
 * Spec "unit recommendations card" (issue 15): the units and lessons a student should revisit, in
 * program order, each lesson a link to it with the learner model's reasons in words and the KCs
 * behind them; 'no recommendations', and 'No lessons available for this unit' for a unit whose
 * flagged KCs no lesson the class follows teaches; a retry when the call fails.
 */

const COURSE = "c0c0c0c0-0000-4000-8000-000000000021";
const U1 = "d1d1d1d1-0000-4000-8000-000000000021";
const U2 = "d2d2d2d2-0000-4000-8000-000000000022";
const L1 = "e1e1e1e1-0000-4000-8000-000000000021";
const L3 = "e3e3e3e3-0000-4000-8000-000000000023";
const names = (es: string) => ({ es, ca: es, eu: es, en: `${es} (en)`, pt: es });

const UNITS: UnitRecommendation[] = [
  {
    unitId: U1,
    title: "Unidad 1. Números naturales",
    order: 1,
    lessons: [
      {
        lessonId: L1,
        title: "Lectura y escritura de números",
        order: 1,
        alertReasons: ["low_mastery", "repeated_failures"],
        kcs: [{ code: "MAT.NUM.PLACE", names: names("Valor posicional"), alerts: ["low_mastery", "repeated_failures"], known: 0.18 }],
      },
      {
        lessonId: L3,
        title: "Números romanos",
        order: 3,
        alertReasons: ["review_needed"],
        kcs: [
          { code: "MAT.NUM.ROMAN", names: names("Numeración romana"), alerts: ["review_needed"], known: 0.97 },
          { code: "MAT.NUM.ORDER", names: names("Orden"), alerts: ["review_needed"], known: 0.96 },
        ],
      },
    ],
  },
  { unitId: U2, title: "Unidad 2. Divisibilidad", order: 2, lessons: [] },
];
const URL = `GET /api/front/courses/${COURSE}/unit-recommendations`;

const violations = async (root: Element) =>
  (await axe.run(root, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, rules: { "color-contrast": { enabled: false } } })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

describe("the unit recommendations card", () => {
  it("lists the units in order, each lesson a link with its place, the reasons in words and the KCs, and is axe-clean", async () => {
    const app = renderWithProviders(<UnitRecommendationsCard courseGuid={COURSE} />, { auth: signedInAs("student"), api: { [URL]: ok({ items: UNITS }) } });
    const section = await screen.findByRole("region", { name: "Lecciones para repasar" });
    const units = within(section).getAllByRole("heading", { level: 3 });
    expect(units.map((h) => h.textContent)).toEqual(["Unidad 1. Números naturales", "Unidad 2. Divisibilidad"]);
    const lessons = within(section).getAllByRole("listitem").filter((li) => li.closest("ol"));
    expect(lessons.map((li) => li.getAttribute("value"))).toEqual(["1", "3"]);
    const first = lessons[0] as HTMLElement;
    expect(within(first).getByRole("link", { name: "Lectura y escritura de números" })).toHaveAttribute("href", `/course/${COURSE}/unit/${U1}/lesson/${L1}`);
    expect(within(first).getByText("Dominio bajo")).toBeInTheDocument();
    expect(within(first).getByText("Fallos repetidos")).toBeInTheDocument();
    expect(within(first).getByText("Conceptos: Valor posicional")).toBeInTheDocument();
    expect(within(lessons[1] as HTMLElement).getByText("Conceptos: Numeración romana · Orden")).toBeInTheDocument();
    expect(within(section).getByText("No hay lecciones disponibles para esta unidad")).toBeInTheDocument();
    expect(app.api.callsTo(URL)).toHaveLength(1);
    expect(await violations(app.container)).toEqual([]);
  });

  it("says 'No lessons available for this unit' and the KCs' names in the reader's language", async () => {
    renderWithProviders(<UnitRecommendationsCard courseGuid={COURSE} />, { auth: signedInAs("student"), language: "en", api: { [URL]: ok({ items: UNITS }) } });
    expect(await screen.findByText("No lessons available for this unit")).toBeInTheDocument();
    expect(screen.getByText("Concepts: Numeración romana (en) · Orden (en)")).toBeInTheDocument();
    expect(screen.getByText("Review needed")).toBeInTheDocument();
  });

  it("says there are no recommendations when the model flags nothing", async () => {
    renderWithProviders(<UnitRecommendationsCard courseGuid={COURSE} />, { auth: signedInAs("student"), api: { [URL]: ok({ items: [] }) } });
    expect(await screen.findByText("No hay recomendaciones.")).toBeInTheDocument();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("asks for one student's when a teacher names them, and offers Retry when the call fails", async () => {
    const user = userEvent.setup();
    const student = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbb21";
    let calls = 0;
    const api: ApiRoutes = {
      [URL]: () => {
        calls += 1;
        return calls === 1 ? fail(500, "INTERNAL") : reply(200, ok({ items: UNITS }));
      },
    };
    const app = renderWithProviders(<UnitRecommendationsCard courseGuid={COURSE} studentGuid={student} />, { auth: signedInAs("teacher"), api });
    await user.click(await screen.findByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("Unidad 2. Divisibilidad")).toBeInTheDocument();
    expect(app.api.callsTo(URL).map((c) => c.query.get("studentGuid"))).toEqual([student, student]);
  });
});
