import { act, fireEvent, screen, within } from "@testing-library/react";
import type { CourseMember, CourseMembers } from "../../src/contracts/course-settings";
import { makeGroups, pickNext, shuffle } from "../../src/client/features/projection/tools/tools";
import { fail, ok } from "../support/client-api";
import { renderApp, signedInAs } from "../support/render";

const COURSE = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
let seq = 0;
const member = (firstName: string, lastName: string, role: CourseMember["role"] = "student"): CourseMember => ({
  guid: `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`,
  firstName,
  lastName,
  email: null,
  role,
  joinedAt: "2026-09-01T00:00:00.000Z",
  isOwner: false,
  assistant: null,
});
const STUDENTS = [member("Marta", "López"), member("Pablo", "Sánchez"), member("Lucía", "Gil")];
const members = (myRole: CourseMembers["myRole"] = "teacher"): CourseMembers => ({ items: [member("Lucía", "Martín", "teacher"), ...STUDENTS], myRole });

function renderTools(myRole: CourseMembers["myRole"] = "teacher") {
  return renderApp(`/tools/${COURSE}`, {
    auth: signedInAs(myRole === "student" ? "student" : "teacher"),
    api: {
      [`GET /api/front/courses/${COURSE}/members`]: ok(members(myRole)),
      [`GET /api/front/courses/${COURSE}`]: () => fail(404, "NOT_FOUND"),
    },
  });
}

describe("classroom tools /tools/:courseProjectGuid", () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it("counts down from the minutes and seconds entered, pauses, and alerts at zero", async () => {
    renderTools();
    const timer = await screen.findByRole("region", { name: "Temporizador" });
    fireEvent.change(within(timer).getByLabelText("Minutos"), { target: { value: "0" } });
    fireEvent.change(within(timer).getByLabelText("Segundos"), { target: { value: "3" } });
    expect(within(timer).getByRole("timer")).toHaveTextContent("00:03");

    jest.useFakeTimers();
    fireEvent.click(within(timer).getByRole("button", { name: "Iniciar" }));
    act(() => jest.advanceTimersByTime(1000));
    expect(within(timer).getByRole("timer")).toHaveTextContent("00:02");

    fireEvent.click(within(timer).getByRole("button", { name: "Pausar" }));
    act(() => jest.advanceTimersByTime(5000));
    expect(within(timer).getByRole("timer")).toHaveTextContent("00:02");

    fireEvent.click(within(timer).getByRole("button", { name: "Continuar" }));
    act(() => jest.advanceTimersByTime(1000));
    expect(within(timer).getByRole("timer")).toHaveTextContent("00:01");
    expect(within(timer).queryByRole("alert")).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1200));
    expect(within(timer).getByRole("timer")).toHaveTextContent("00:00");
    expect(within(timer).getByRole("alert")).toHaveTextContent("¡Se acabó el tiempo!");

    fireEvent.click(within(timer).getByRole("button", { name: "Reiniciar" }));
    expect(within(timer).getByRole("timer")).toHaveTextContent("00:03");
    expect(within(timer).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("picks every student once, in a live region, until 'Start again'", async () => {
    renderTools();
    const picker = await screen.findByRole("region", { name: "Alumno al azar" });
    const names = STUDENTS.map((s) => `${s.firstName} ${s.lastName}`);
    const pick = within(picker).getByRole("button", { name: "Elegir alumno" });
    const live = () => picker.querySelector("[aria-live]")?.textContent ?? "";
    expect(within(picker).getByText("Quedan 3 alumnos por salir")).toBeInTheDocument();

    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      fireEvent.click(pick);
      seen.push(live());
    }
    expect([...seen].sort()).toEqual([...names].sort());
    expect(pick).toBeDisabled();
    expect(within(picker).getByText("Ya han salido todos. Empieza de nuevo para volver a elegir.")).toBeInTheDocument();
    // The teacher is never picked.
    expect(seen).not.toContain("Lucía Martín");

    fireEvent.click(within(picker).getByRole("button", { name: "Empezar de nuevo" }));
    expect(pick).toBeEnabled();
    fireEvent.click(pick);
    expect(names).toContain(live());
  });

  it("splits the students into random groups", async () => {
    renderTools();
    const groups = await screen.findByRole("region", { name: "Grupos al azar" });
    fireEvent.change(within(groups).getByLabelText("Número de grupos"), { target: { value: "2" } });
    fireEvent.click(within(groups).getByRole("button", { name: "Hacer grupos" }));
    const made = within(groups).getAllByRole("region");
    expect(made).toHaveLength(2);
    expect(made.map((g) => within(g).getAllByRole("listitem").length).sort()).toEqual([1, 2]);
  });

  it("is not available to students", async () => {
    renderTools("student");
    expect(await screen.findByText("¡Vaya! Esta página no está disponible")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Temporizador" })).not.toBeInTheDocument();
  });
});

describe("tool rules", () => {
  const people = Array.from({ length: 7 }, (_, i) => ({ guid: `g${i}` }));

  it("never picks anyone twice until everyone has been picked", () => {
    const picked: string[] = [];
    for (let i = 0; i < people.length; i++) {
      const next = pickNext(people, picked, () => 0.999);
      expect(next).toBeDefined();
      expect(picked).not.toContain(next?.guid);
      picked.push(next?.guid ?? "");
    }
    expect(pickNext(people, picked)).toBeUndefined();
  });

  it("shuffles without losing anyone and makes groups that differ by at most one", () => {
    expect([...shuffle(people)].map((p) => p.guid).sort()).toEqual(people.map((p) => p.guid).sort());
    const groups = makeGroups(people, 3);
    expect(groups.map((g) => g.length).sort()).toEqual([2, 2, 3]);
    expect(makeGroups(people, 20)).toHaveLength(7);
    expect(makeGroups([], 3)).toEqual([]);
  });
});
