import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ComponentType } from "react";
import type { StudentQuestionOf } from "../../src/contracts/assessments";
import type { Language } from "../../src/contracts/common";
import type { AnswerFor, Question, QuestionDataFor, QuestionOf, QuestionType } from "../../src/contracts/questions";
import { toStudentData } from "../../src/contracts/student-questions";
import ClozeDragDropView from "../../src/client/features/questions/views/QT_8";
import ClassifyView from "../../src/client/features/questions/views/QT_13";
import MatchListView from "../../src/client/features/questions/views/QT_14";
import OrderListView from "../../src/client/features/questions/views/QT_15";
import LinkingLinesView from "../../src/client/features/questions/views/QT_16";
import type { QuestionViewMode, QuestionViewProps } from "../../src/client/features/questions/views/types";
import { fixtureQuestion, fixtureQuestionWith, QUESTION_FIXTURES } from "../support/question-fixtures";
import { renderWithProviders } from "../support/render";

const GUID = "5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const LABEL = "Pregunta 1";

/** What a student is sent for a fixture question (shuffled with a fixed seed). */
function studentQuestion<K extends QuestionType>(type: K, question: Question = fixtureQuestion(type)): StudentQuestionOf<K> {
  const q = question as QuestionOf<K>;
  return { guid: GUID, type, prompt: q.prompt, points: q.points, media: [], data: toStudentData(type, q.data as QuestionDataFor<K>, "attempt-1") };
}
const solutionOf = <K extends QuestionType>(type: K) => fixtureQuestion(type).data as QuestionDataFor<K>;

type View<K extends QuestionType> = ComponentType<QuestionViewProps<K>>;

/** The view holding its answer like the player does, reporting every change. */
function Harness<K extends QuestionType>(props: { View: View<K>; question: StudentQuestionOf<K>; mode: QuestionViewMode; onAnswer: (a: AnswerFor<K>) => void }) {
  const { View: Shown, question, mode, onAnswer } = props;
  const [answer, setAnswer] = useState<AnswerFor<K> | undefined>(undefined);
  return (
    <Shown
      question={question}
      mode={mode}
      label={LABEL}
      answer={answer}
      onAnswer={(a) => {
        setAnswer(a);
        onAnswer(a);
      }}
    />
  );
}

function answering<K extends QuestionType>(View: View<K>, question: StudentQuestionOf<K>, options: { language?: Language; mode?: QuestionViewMode } = {}) {
  const onAnswer = jest.fn<void, [AnswerFor<K>]>();
  const user = userEvent.setup();
  renderWithProviders(<Harness View={View} question={question} mode={options.mode ?? "answer"} onAnswer={onAnswer} />, { language: options.language ?? "es" });
  return { user, onAnswer, last: () => onAnswer.mock.calls.at(-1)?.[0] };
}

function readOnly<K extends QuestionType>(View: View<K>, props: Omit<QuestionViewProps<K>, "label">, language: Language = "es") {
  return renderWithProviders(<View {...props} label={LABEL} />, { language });
}

const optionTexts = (select: HTMLElement) => within(select).getAllByRole("option").map((o) => o.textContent);

/** The view's own polite live region (dnd-kit adds an assertive one of its own). */
const politeStatus = () => {
  const region = screen.getAllByRole("status").find((el) => el.getAttribute("aria-live") === "polite");
  if (!region) throw new Error("no polite status region");
  return region;
};

/** Projection and review take no answers: no control is there to operate. */
function expectNothingOperable() {
  expect(screen.queryAllByRole("combobox")).toHaveLength(0);
  expect(screen.queryAllByRole("button")).toHaveLength(0);
}

describe("QT_8 cloze drag and drop", () => {
  it("places words with each gap's select, takes them out of the bank, and gives them back with Quitar", async () => {
    const { user, last } = answering(ClozeDragDropView, studentQuestion("QT_8"));
    const bank = screen.getByRole("group", { name: "Pregunta 1: Palabras" });
    expect(within(bank).getByRole("button", { name: "pájaros" })).toHaveAttribute("aria-roledescription", "elemento arrastrable");

    await user.selectOptions(screen.getByRole("combobox", { name: "Hueco 1" }), "pájaros");
    expect(last()).toEqual({ gaps: { a1: "t7f" } });
    expect(within(bank).queryByRole("button", { name: "pájaros" })).not.toBeInTheDocument();
    expect(optionTexts(screen.getByRole("combobox", { name: "Hueco 2" }))).toEqual(["Elige una palabra", expect.any(String), expect.any(String)]);
    expect(optionTexts(screen.getByRole("combobox", { name: "Hueco 2" }))).not.toContain("pájaros");

    await user.selectOptions(screen.getByRole("combobox", { name: "Hueco 2" }), "peces");
    expect(last()).toEqual({ gaps: { a1: "t7f", a2: "t2c" } });
    expect(within(bank).getAllByRole("button").map((b) => b.textContent)).toEqual(["perros"]);

    // Replacing a word puts the old one back in the bank.
    await user.selectOptions(screen.getByRole("combobox", { name: "Hueco 2" }), "perros");
    expect(last()).toEqual({ gaps: { a1: "t7f", a2: "t9d" } });
    expect(within(bank).getByRole("button", { name: "peces" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Quitar «pájaros» del hueco 1" }));
    expect(last()).toEqual({ gaps: { a2: "t9d" } });
    expect(within(bank).getByRole("button", { name: "pájaros" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Hueco 1" })).toHaveFocus();
  });

  it("keeps a reusable word in the bank and offers it in every gap", async () => {
    const data = { ...QUESTION_FIXTURES.QT_8.question.data, reuseTokens: true };
    const { user, last } = answering(ClozeDragDropView, studentQuestion("QT_8", fixtureQuestionWith("QT_8", data)), { mode: "preview" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Hueco 1" }), "pájaros");
    expect(within(screen.getByRole("group", { name: "Pregunta 1: Palabras" })).getByRole("button", { name: "pájaros" })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Hueco 2" }), "pájaros");
    expect(last()).toEqual({ gaps: { a1: "t7f", a2: "t7f" } });
  });

  it("review: marks each gap and gives the right word of a wrong one", () => {
    readOnly(ClozeDragDropView, {
      question: studentQuestion("QT_8"),
      mode: "review",
      answer: { gaps: { a1: "t7f", a2: "t9d" } },
      solution: solutionOf("QT_8"),
      parts: [
        { id: "a1", correct: true },
        { id: "a2", correct: false },
      ],
    });
    const text = screen.getByRole("group", { name: LABEL });
    expect(text).toHaveTextContent(/Hueco 1: pájaros\s*Correcta/);
    expect(text).toHaveTextContent(/Hueco 2: perros\s*Incorrecta\s*Respuesta correcta: peces/);
    expectNothingOperable();
  });

  it("projection: read-only; the bank while hidden, the right words in their gaps when revealed", () => {
    const { unmount } = readOnly(ClozeDragDropView, { question: studentQuestion("QT_8"), mode: "projection", answer: undefined });
    expect(within(screen.getByRole("group", { name: "Pregunta 1: Palabras" })).getByText("peces")).toBeInTheDocument();
    expectNothingOperable();
    unmount();

    readOnly(ClozeDragDropView, { question: studentQuestion("QT_8"), mode: "projection", answer: undefined, solution: solutionOf("QT_8") });
    expect(screen.getByText("Respuesta correcta")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: LABEL })).toHaveTextContent("Los Hueco 1: pájaros vuelan y los Hueco 2: peces nadan.");
    expect(screen.queryByRole("group", { name: "Pregunta 1: Palabras" })).not.toBeInTheDocument();
    expectNothingOperable();
  });
});

describe("QT_13 classify", () => {
  it("classifies with each item's select and shows the item in its category's column", async () => {
    const { user, last } = answering(ClassifyView, studentQuestion("QT_13"));
    expect(within(screen.getByRole("group", { name: "Pregunta 1: Sin clasificar" })).getByRole("button", { name: "Perro" })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Categoría de «Perro»" }), "Mamíferos");
    expect(last()).toEqual({ items: { i5p: "cm" } });
    expect(within(screen.getByRole("group", { name: "Pregunta 1: Mamíferos" })).getByRole("button", { name: "Perro" })).toBeInTheDocument();
    // The item moved to another column with its select: the keyboard focus went with it.
    expect(screen.getByRole("combobox", { name: "Categoría de «Perro»" })).toHaveFocus();

    await user.selectOptions(screen.getByRole("combobox", { name: "Categoría de «Pingüino»" }), "Aves");
    expect(last()).toEqual({ items: { i5p: "cm", i4g: "ca" } });
    // The image-only part of an item is described by its alt text.
    expect(within(screen.getByRole("group", { name: "Pregunta 1: Aves" })).getByRole("img", { name: "Un pingüino" })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Categoría de «Perro»" }), "Sin clasificar");
    expect(last()).toEqual({ items: { i4g: "ca" } });
  });

  it("review: each item where the student put it, marked, with the right category of a wrong one", () => {
    readOnly(ClassifyView, {
      question: studentQuestion("QT_13"),
      mode: "review",
      answer: { items: { i5p: "cm", i2a: "ca", i9b: "ca" } },
      solution: solutionOf("QT_13"),
      parts: [
        { id: "i5p", correct: true },
        { id: "i2a", correct: true },
        { id: "i9b", correct: false },
        { id: "i4g", correct: false },
      ],
    });
    const birds = screen.getByRole("group", { name: "Pregunta 1: Aves" });
    expect(birds).toHaveTextContent(/Ballena\s*Incorrecta\s*Respuesta correcta: Mamíferos/);
    expect(birds).toHaveTextContent(/Águila\s*Correcta/);
    expect(screen.getByRole("group", { name: "Pregunta 1: Sin clasificar" })).toHaveTextContent(/Pingüino\s*Incorrecta\s*Respuesta correcta: Aves/);
    expectNothingOperable();
  });
});

describe("QT_14 match list", () => {
  it("pairs one to one with each item's select: a used match leaves the pool and the other selects", async () => {
    const { user, last } = answering(MatchListView, studentQuestion("QT_14"), { mode: "preview" });
    const pool = screen.getByRole("group", { name: "Pregunta 1: Respuestas" });

    await user.selectOptions(screen.getByRole("combobox", { name: "Pareja de «España»" }), "Madrid");
    expect(last()).toEqual({ pairs: { e3s: "x7m" } });
    expect(within(pool).queryByRole("button", { name: "Madrid" })).not.toBeInTheDocument();
    expect(optionTexts(screen.getByRole("combobox", { name: "Pareja de «Francia»" }))).not.toContain("Madrid");

    await user.selectOptions(screen.getByRole("combobox", { name: "Pareja de «Francia»" }), "París");
    expect(last()).toEqual({ pairs: { e3s: "x7m", f8r: "x2p" } });

    await user.click(screen.getByRole("button", { name: "Quitar «Madrid» de «España»" }));
    expect(last()).toEqual({ pairs: { f8r: "x2p" } });
    expect(within(pool).getByRole("button", { name: "Madrid" })).toBeInTheDocument();
  });

  it("review: the student's match, the mark and the right match of each item", () => {
    readOnly(MatchListView, {
      question: studentQuestion("QT_14"),
      mode: "review",
      answer: { pairs: { e3s: "x7m", f8r: "x5r" } },
      solution: solutionOf("QT_14"),
      parts: [
        { id: "e3s", correct: true },
        { id: "f8r", correct: false },
        { id: "i1t", correct: false },
      ],
    });
    const rows = screen.getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent(/^España\s*Pareja de «España»: Madrid\s*Correcta$/);
    expect(rows[0]).not.toHaveTextContent("Respuesta correcta");
    expect(rows[1]).toHaveTextContent(/^Francia\s*Pareja de «Francia»: Roma\s*Incorrecta\s*Respuesta correcta: París$/);
    expect(rows[2]).toHaveTextContent(/^Italia\s*Pareja de «Italia»: Sin responder\s*Incorrecta\s*Respuesta correcta: Roma$/);
    expectNothingOperable();
  });
});

describe("QT_15 order list", () => {
  const question = studentQuestion("QT_15");
  const shuffled = question.data.items;
  const textOf = (id: string | undefined) => shuffled.find((i) => i.id === id)?.text ?? "";

  it("moves items with Subir and Bajar, sends the whole order each time and announces the new position", async () => {
    const { user, last, onAnswer } = answering(OrderListView, question);
    const [first, second, third, fourth] = shuffled.map((i) => i.id);
    expect(screen.getByRole("button", { name: `Subir «${textOf(first)}»` })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("button", { name: `Bajar «${textOf(fourth)}»` })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("button", { name: `Arrastrar «${textOf(first)}»` })).toHaveAttribute("aria-roledescription", "elemento reordenable");

    await user.click(screen.getByRole("button", { name: `Subir «${textOf(second)}»` }));
    expect(last()).toEqual({ order: [second, first, third, fourth] });
    expect(politeStatus()).toHaveTextContent(`${textOf(second)}, posición 1 de 4`);
    expect(within(screen.getByRole("list", { name: "Pregunta 1: elementos para ordenar" })).getAllByRole("listitem")[0]).toHaveTextContent(textOf(second));

    await user.click(screen.getByRole("button", { name: `Bajar «${textOf(first)}»` }));
    expect(last()).toEqual({ order: [second, third, first, fourth] });
    expect(politeStatus()).toHaveTextContent(`${textOf(first)}, posición 3 de 4`);

    // A button at the end does nothing (and keeps focus).
    await user.click(screen.getByRole("button", { name: `Bajar «${textOf(fourth)}»` }));
    expect(onAnswer).toHaveBeenCalledTimes(2);
  });

  it("speaks English", async () => {
    const { user, last } = answering(OrderListView, question, { language: "en" });
    const [first, second, third, fourth] = shuffled.map((i) => i.id);
    expect(screen.getByText("Drag the items, or use the Move up and Move down buttons, to put them in order.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: `Move down “${textOf(third)}”` }));
    expect(last()).toEqual({ order: [first, second, fourth, third] });
    expect(politeStatus()).toHaveTextContent(`${textOf(third)}, position 4 of 4`);
  });

  it("review: the student's order with a mark per item, and the right order", () => {
    readOnly(OrderListView, {
      question,
      mode: "review",
      answer: { order: ["b7", "z1", "m3", "k4"] },
      solution: solutionOf("QT_15"),
      parts: [
        { id: "k4", correct: false },
        { id: "b7", correct: true },
        { id: "z1", correct: true },
        { id: "m3", correct: true },
      ],
    });
    const mine = within(screen.getByRole("list", { name: "Pregunta 1: Tu respuesta" })).getAllByRole("listitem");
    expect(mine.map((li) => li.textContent)).toEqual(["1.AdolescenciaCorrecta", "2.Edad adultaCorrecta", "3.VejezCorrecta", "4.InfanciaIncorrecta"]);
    const right = within(screen.getByRole("list", { name: "Pregunta 1: Respuesta correcta" })).getAllByRole("listitem");
    expect(right.map((li) => li.textContent)).toEqual(["1.Infancia", "2.Adolescencia", "3.Edad adulta", "4.Vejez"]);
    expectNothingOperable();
  });

  it("projection: the right order when revealed, nothing to operate", () => {
    readOnly(OrderListView, { question, mode: "projection", answer: undefined, solution: solutionOf("QT_15") });
    expect(screen.getByText("Respuesta correcta")).toBeInTheDocument();
    const items = within(screen.getByRole("list", { name: "Pregunta 1: elementos para ordenar" })).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual(["1.Infancia", "2.Adolescencia", "3.Edad adulta", "4.Vejez"]);
    expectNothingOperable();
  });
});

describe("QT_16 linking lines", () => {
  const question = studentQuestion("QT_16");

  it("links a left item to a right one, lists the line, and removes it by choosing the pair again or with Quitar", async () => {
    const { user, last } = answering(LinkingLinesView, question);
    const left = screen.getByRole("list", { name: "Pregunta 1: Columna izquierda" });
    const right = screen.getByRole("list", { name: "Pregunta 1: Columna derecha" });
    expect(screen.getByText("Todavía no has trazado ninguna línea.")).toBeInTheDocument();

    await user.click(within(left).getByRole("button", { name: "2" }));
    expect(within(left).getByRole("button", { name: "2" })).toHaveAttribute("aria-pressed", "true");
    expect(politeStatus()).toHaveTextContent("Has elegido «2». Ahora elige un elemento de la otra columna.");
    await user.click(within(right).getByRole("button", { name: "par" }));
    expect(last()).toEqual({ links: [{ leftId: "n2", rightId: "even" }] });
    expect(within(left).getByRole("button", { name: "2" })).toHaveAttribute("aria-pressed", "false");
    expect(politeStatus()).toHaveTextContent("Línea trazada: 2 — par.");

    // Right column first works too; many to many.
    await user.click(within(right).getByRole("button", { name: "primo" }));
    await user.click(within(left).getByRole("button", { name: "2" }));
    expect(last()).toEqual({ links: [{ leftId: "n2", rightId: "even" }, { leftId: "n2", rightId: "prime" }] });
    const lines = screen.getByRole("list", { name: "Pregunta 1: Líneas trazadas" });
    expect(within(lines).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["2 — parQuitar", "2 — primoQuitar"]);

    // The same pair again removes its line.
    await user.click(within(left).getByRole("button", { name: "2" }));
    await user.click(within(right).getByRole("button", { name: "par" }));
    expect(last()).toEqual({ links: [{ leftId: "n2", rightId: "prime" }] });
    expect(politeStatus()).toHaveTextContent("Línea quitada: 2 — par.");

    await user.click(screen.getByRole("button", { name: "Quitar la línea 2 — primo" }));
    expect(last()).toEqual({ links: [] });
    expect(screen.getByText("Líneas trazadas")).toHaveFocus();
  });

  it("Escape cancels a choice", async () => {
    const { user, onAnswer } = answering(LinkingLinesView, question);
    await user.click(screen.getByRole("button", { name: "3" }));
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "3" })).toHaveAttribute("aria-pressed", "false");
    await user.click(screen.getByRole("button", { name: "impar" }));
    expect(screen.getByRole("button", { name: "impar" })).toHaveAttribute("aria-pressed", "true");
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it("review: the student's lines marked, and the right lines with whether the student drew them", () => {
    readOnly(LinkingLinesView, {
      question,
      mode: "review",
      answer: QUESTION_FIXTURES.QT_16.partial?.answer,
      solution: solutionOf("QT_16"),
      parts: [
        { id: "n2:even", correct: true },
        { id: "n2:prime", correct: false },
        { id: "n3:odd", correct: true },
        { id: "n3:prime", correct: true },
        { id: "n4:even", correct: false },
        { id: "n4:odd", correct: false },
      ],
    });
    const mine = within(screen.getByRole("list", { name: "Pregunta 1: Tu respuesta" })).getAllByRole("listitem");
    expect(mine.map((li) => li.textContent)).toEqual(["2 — parCorrecta", "3 — imparCorrecta", "3 — primoCorrecta", "4 — imparIncorrecta"]);
    const right = within(screen.getByRole("list", { name: "Pregunta 1: Respuesta correcta" })).getAllByRole("listitem");
    expect(right.map((li) => li.textContent)).toEqual([
      "2 — parLa trazaste",
      "2 — primoNo la trazaste",
      "3 — imparLa trazaste",
      "3 — primoLa trazaste",
      "4 — parNo la trazaste",
    ]);
    expectNothingOperable();
  });

  it("projection: the right lines listed as text when revealed, nothing to operate", () => {
    readOnly(LinkingLinesView, { question, mode: "projection", answer: undefined, solution: solutionOf("QT_16") });
    const lines = within(screen.getByRole("list", { name: "Pregunta 1: Respuesta correcta" })).getAllByRole("listitem");
    expect(lines).toHaveLength(5);
    expect(lines[0]).toHaveTextContent("2 — par");
    expectNothingOperable();
  });
});
