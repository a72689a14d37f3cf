import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ComponentType } from "react";
import type { StudentQuestionOf } from "../../src/contracts/assessments";
import type { Language } from "../../src/contracts/common";
import type { AnswerFor, Question, QuestionDataFor, QuestionType } from "../../src/contracts/questions";
import { toStudentData } from "../../src/contracts/student-questions";
import SingleChoice from "../../src/client/features/questions/views/QT_1";
import MultipleChoice from "../../src/client/features/questions/views/QT_2";
import TrueFalse from "../../src/client/features/questions/views/QT_3";
import BlockLetter from "../../src/client/features/questions/views/QT_4";
import MatrixTable from "../../src/client/features/questions/views/QT_5";
import MatrixInline from "../../src/client/features/questions/views/QT_6";
import ClozeText from "../../src/client/features/questions/views/QT_7";
import ShortText from "../../src/client/features/questions/views/QT_17";
import LongText from "../../src/client/features/questions/views/QT_18";
import { QuestionView } from "../../src/client/features/questions/views/registry";
import type { QuestionViewProps } from "../../src/client/features/questions/views/types";
import { fixtureQuestion, fixtureQuestionWith, QUESTION_FIXTURES } from "../support/question-fixtures";
import { renderWithProviders } from "../support/render";

type Parts = { id: string; correct: boolean }[];
type View<K extends QuestionType> = ComponentType<QuestionViewProps<K>>;

/** A parsed question with its type's data (the union does not narrow on a generic type). */
type FullQuestion<K extends QuestionType> = Omit<Question, "type" | "data"> & { type: K; data: QuestionDataFor<K> };
const full = <K extends QuestionType>(type: K, question = fixtureQuestion(type)) => question as unknown as FullQuestion<K>;

/** The fixture as a student sees it (choices shuffled with a fixed seed). */
function studentQuestion<K extends QuestionType>(type: K, question = fixtureQuestion(type)): StudentQuestionOf<K> {
  const q = full(type, question);
  return { guid: `q-${type}`, type, prompt: q.prompt, points: q.points, media: q.media ?? [], data: toStudentData(type, q.data, "attempt-1") };
}
const solutionOf = <K extends QuestionType>(type: K): QuestionDataFor<K> => full(type).data;

/** Answer mode with the answer held like the attempt page holds it; every onAnswer is recorded. */
function answering<K extends QuestionType>(View: View<K>, type: K, options: { language?: Language; question?: StudentQuestionOf<K> } = {}) {
  const onAnswer = jest.fn<void, [AnswerFor<K>]>();
  const question = options.question ?? studentQuestion(type);
  function Harness() {
    const [answer, setAnswer] = useState<AnswerFor<K> | undefined>(undefined);
    const record = (a: AnswerFor<K>) => {
      setAnswer(a);
      onAnswer(a);
    };
    return <View question={question} mode="answer" answer={answer} onAnswer={record} label="Pregunta 1" />;
  }
  const view = renderWithProviders(<Harness />, { language: options.language ?? "es" });
  return { ...view, user: userEvent.setup(), question, last: () => onAnswer.mock.lastCall?.[0] };
}

function showing<K extends QuestionType>(View: View<K>, type: K, props: Partial<QuestionViewProps<K>> & { mode: "review" | "projection" }, language: Language = "es") {
  return renderWithProviders(<View question={studentQuestion(type)} answer={undefined} label="Pregunta 1" {...props} />, { language });
}

/** Projection and review take no input: every form control there is disabled, or there is none. */
function expectNoEnabledInputs(container: HTMLElement) {
  const enabled = [...container.querySelectorAll<HTMLInputElement>("input, textarea, select, button")].filter((el) => !el.disabled);
  expect(enabled).toEqual([]);
}

/** The list item holding `text`. */
const itemWith = (text: string) => screen.getByText(text).closest("li") as HTMLElement;
/** "Name: value" lines. */
const line = (name: string, value: string) => new RegExp(`${name}:\\s*${value}`);

describe("single choice (QT_1)", () => {
  it("chooses with the arrow keys and with a click", async () => {
    const { user, question, last } = answering(SingleChoice, "QT_1");
    expect(screen.getByRole("radiogroup", { name: "Pregunta 1" })).toBeInTheDocument();
    const shown = question.data.choices;
    await user.tab();
    expect(screen.getByRole("radio", { name: shown[0]?.text })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(last()).toEqual({ choiceId: shown[1]?.id });
    expect(screen.getByRole("radio", { name: shown[1]?.text })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: "París" }));
    expect(last()).toEqual({ choiceId: "p2m" });
  });

  it("reviews the student's wrong choice beside the right one", () => {
    showing(SingleChoice, "QT_1", { mode: "review", answer: QUESTION_FIXTURES.QT_1.wrong, solution: solutionOf("QT_1"), parts: [{ id: "c7k", correct: false }] });
    expect(itemWith("Madrid")).toHaveTextContent(/Tu respuesta.*Incorrecta/);
    expect(itemWith("París")).toHaveTextContent("Respuesta correcta");
    expect(itemWith("Roma")).not.toHaveTextContent(/Tu respuesta|Respuesta correcta/);
  });

  it("hides the right answer without a solution, and says when there is no answer", () => {
    const { unmount } = showing(SingleChoice, "QT_1", { mode: "review", answer: QUESTION_FIXTURES.QT_1.right, parts: [{ id: "p2m", correct: true }] });
    expect(itemWith("París")).toHaveTextContent(/Tu respuesta.*Correcta/);
    expect(screen.queryByText("Respuesta correcta")).not.toBeInTheDocument();
    unmount();
    showing(SingleChoice, "QT_1", { mode: "review", solution: solutionOf("QT_1") });
    expect(screen.getByText("Sin responder")).toBeInTheDocument();
  });

  it("projects the lettered choices, the right one tagged in words", () => {
    const { container } = showing(SingleChoice, "QT_1", { mode: "projection", solution: solutionOf("QT_1") });
    expectNoEnabledInputs(container);
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(itemWith("París")).toHaveTextContent("Respuesta correcta");
    expect(screen.getAllByText("Respuesta correcta")).toHaveLength(1);
    expect(screen.getByText("A")).toBeInTheDocument();
  });

  it("loads through the lazy registry", async () => {
    renderWithProviders(<QuestionView question={studentQuestion("QT_1")} mode="answer" answer={undefined} onAnswer={jest.fn()} label="Pregunta 1" />);
    expect(await screen.findByRole("radiogroup", { name: "Pregunta 1" })).toBeInTheDocument();
  });
});

describe("multiple choice (QT_2)", () => {
  it("checks and unchecks with Space, answering in the order shown", async () => {
    const { user, question, last } = answering(MultipleChoice, "QT_2");
    const group = screen.getByRole("group", { name: "Pregunta 1" });
    expect(group).toHaveAccessibleDescription("Puede haber más de una respuesta correcta.");
    const primes = ["2", "3", "5"];
    // Fluent's focus manager takes Tab over, and cannot measure layout in jsdom: focus is moved directly.
    for (const prime of ["5", "2", "3"]) {
      act(() => within(group).getByRole("checkbox", { name: prime }).focus());
      await user.keyboard(" ");
    }
    const expected = question.data.choices.filter((c) => primes.includes(c.text ?? "")).map((c) => c.id);
    expect(last()).toEqual({ choiceIds: expected });
    await user.click(screen.getByRole("checkbox", { name: "5" }));
    expect(last()).toEqual({ choiceIds: expected.filter((id) => id !== "v5n") });
  });

  it("reviews every choice: checked or not, and whether it should have been", () => {
    const parts: Parts = [
      { id: "h3a", correct: true },
      { id: "q8d", correct: true },
      { id: "e1w", correct: true },
      { id: "v5n", correct: false },
      { id: "b6t", correct: true },
    ];
    showing(MultipleChoice, "QT_2", { mode: "review", answer: QUESTION_FIXTURES.QT_2.partial?.answer, solution: solutionOf("QT_2"), parts });
    expect(itemWith("5")).toHaveTextContent(line("Tu respuesta", "Sin marcar"));
    expect(itemWith("5")).toHaveTextContent(line("Respuesta correcta", "Marcada"));
    expect(itemWith("5")).toHaveTextContent("Incorrecta");
    expect(itemWith("2")).toHaveTextContent(/Tu respuesta:\s*Marcada.*Correcta/);
    expect(itemWith("4")).toHaveTextContent(line("Respuesta correcta", "Sin marcar"));
  });

  it("projects the choices with the right ones tagged", () => {
    const { container } = showing(MultipleChoice, "QT_2", { mode: "projection", solution: solutionOf("QT_2") });
    expectNoEnabledInputs(container);
    expect(screen.getAllByText("Respuesta correcta")).toHaveLength(3);
    expect(itemWith("4")).not.toHaveTextContent("Respuesta correcta");
  });
});

describe("true/false (QT_3)", () => {
  it("answers with the keyboard, in English too", async () => {
    const { user, last } = answering(TrueFalse, "QT_3", { language: "en" });
    await user.tab();
    expect(screen.getByRole("radio", { name: "True" })).toHaveFocus();
    await user.keyboard(" ");
    expect(last()).toEqual({ value: true });
    await user.keyboard("{ArrowRight}");
    expect(last()).toEqual({ value: false });
    expect(screen.getByRole("radio", { name: "False" })).toBeChecked();
  });

  it("reviews the answer beside the right one", () => {
    const { container } = showing(TrueFalse, "QT_3", { mode: "review", answer: { value: false }, solution: solutionOf("QT_3"), parts: [{ id: "value", correct: false }] });
    expect(container).toHaveTextContent(line("Tu respuesta", "Falso"));
    expect(container).toHaveTextContent(line("Respuesta correcta", "Verdadero"));
    expect(screen.getByText("Incorrecta")).toBeInTheDocument();
    expectNoEnabledInputs(container);
  });

  it("projects both options, the right one tagged", () => {
    const { container } = showing(TrueFalse, "QT_3", { mode: "projection", solution: solutionOf("QT_3") });
    expectNoEnabledInputs(container);
    expect(itemWith("Verdadero")).toHaveTextContent("Respuesta correcta");
    expect(itemWith("Falso")).not.toHaveTextContent("Respuesta correcta");
  });
});

describe("block letters (QT_4)", () => {
  it("types letter by letter, moving on; Backspace, Delete and the arrows edit", async () => {
    const { user, last } = answering(BlockLetter, "QT_4");
    const word1 = screen.getByRole("group", { name: "Palabra 1 (4 letras)" });
    expect(word1).toHaveAccessibleDescription("Pista: Maúlla");
    expect(within(word1).getAllByRole("textbox")).toHaveLength(4);
    expect(screen.getByRole("textbox", { name: "Palabra 1, letra 3" })).toHaveAttribute("maxLength", "1");

    await user.click(screen.getByRole("textbox", { name: "Palabra 1, letra 1" }));
    await user.keyboard("gato");
    expect(last()).toEqual({ words: { w4g: "gato" } });

    await user.click(screen.getByRole("textbox", { name: "Palabra 2, letra 1" }));
    await user.keyboard("pera");
    expect(screen.getByRole("textbox", { name: "Palabra 2, letra 5" })).toHaveFocus();
    await user.keyboard("{Backspace}");
    expect(screen.getByRole("textbox", { name: "Palabra 2, letra 4" })).toHaveFocus();
    expect(last()).toEqual({ words: { w4g: "gato", w9p: "per" } });
    await user.keyboard("ro");
    expect(last()).toEqual({ words: { w4g: "gato", w9p: "perro" } });

    await user.click(screen.getByRole("textbox", { name: "Palabra 1, letra 4" }));
    await user.keyboard("{ArrowLeft}{ArrowLeft}{Delete}");
    expect(screen.getByRole("textbox", { name: "Palabra 1, letra 2" })).toHaveFocus();
    expect(last()).toEqual({ words: { w4g: "g to", w9p: "perro" } });
    await user.keyboard("1-");
    expect(last()).toEqual({ words: { w4g: "g1to", w9p: "perro" } });
  });

  it("names the boxes in English", () => {
    answering(BlockLetter, "QT_4", { language: "en" });
    expect(screen.getByRole("textbox", { name: "Word 2, letter 5" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Word 1 (4 letters)" })).toBeInTheDocument();
  });

  it("reviews each word beside the right one", () => {
    const parts: Parts = [
      { id: "w4g", correct: true },
      { id: "w9p", correct: false },
    ];
    showing(BlockLetter, "QT_4", { mode: "review", answer: QUESTION_FIXTURES.QT_4.partial?.answer, solution: solutionOf("QT_4"), parts });
    const word2 = screen.getByRole("group", { name: "Palabra 2 (5 letras)" });
    expect(word2).toHaveTextContent(line("Tu respuesta", "PERO"));
    expect(word2).toHaveTextContent("Incorrecta");
    expect(word2).toHaveTextContent(line("Respuesta correcta", "PERRO"));
    expect(screen.getByRole("group", { name: "Palabra 1 (4 letras)" })).toHaveTextContent(/Gato.*Correcta/);
  });

  it("projects empty boxes, filled with the right word when revealed", () => {
    const { container, unmount } = showing(BlockLetter, "QT_4", { mode: "projection" });
    expectNoEnabledInputs(container);
    expect(screen.getByText("4 casillas vacías")).toBeInTheDocument();
    unmount();
    const revealed = showing(BlockLetter, "QT_4", { mode: "projection", solution: solutionOf("QT_4") });
    expectNoEnabledInputs(revealed.container);
    expect(screen.getByRole("group", { name: "Palabra 1 (4 letras)" })).toHaveTextContent(/GATO.*Respuesta correcta/);
  });
});

describe("matrix table (QT_5)", () => {
  it("is a table with one radio group per row, answered with the keyboard", async () => {
    const { user, last } = answering(MatrixTable, "QT_5");
    const table = screen.getByRole("table", { name: "Pregunta 1" });
    expect(within(table).getAllByRole("rowheader")).toHaveLength(3);
    expect(within(table).getByRole("columnheader", { name: "Falso" })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole("radio", { name: "El Sol es una estrella.: Verdadero" })).toHaveFocus();
    await user.keyboard(" ");
    expect(last()).toEqual({ rows: { s1q: "yes" } });
    await user.keyboard("{ArrowRight}");
    expect(last()).toEqual({ rows: { s1q: "no" } });
    await user.click(screen.getByRole("radio", { name: "La Luna tiene luz propia.: Falso" }));
    expect(last()).toEqual({ rows: { s1q: "no", l8z: "no" } });
    expect(screen.getByRole("radio", { name: "El Sol es una estrella.: Falso" })).toBeChecked();
  });

  it("reviews each row: the student's cell, the right cell and the result", () => {
    const parts: Parts = [
      { id: "s1q", correct: true },
      { id: "l8z", correct: true },
      { id: "t3r", correct: false },
    ];
    const { container } = showing(MatrixTable, "QT_5", { mode: "review", answer: QUESTION_FIXTURES.QT_5.partial?.answer, solution: solutionOf("QT_5"), parts });
    expectNoEnabledInputs(container);
    expect(screen.getByRole("columnheader", { name: "Resultado" })).toBeInTheDocument();
    const row = screen.getByRole("rowheader", { name: "La Tierra gira alrededor del Sol." }).closest("tr") as HTMLElement;
    const [trueCell, falseCell, result] = [...row.querySelectorAll("td")];
    expect(trueCell).toHaveTextContent("Respuesta correcta");
    expect(falseCell).toHaveTextContent("Tu respuesta");
    expect(result).toHaveTextContent("Incorrecta");
  });

  it("projects the grid, the right cells tagged", () => {
    const { container } = showing(MatrixTable, "QT_5", { mode: "projection", solution: solutionOf("QT_5") });
    expectNoEnabledInputs(container);
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getAllByText("Respuesta correcta")).toHaveLength(3);
  });
});

describe("matrix inline (QT_6)", () => {
  it("answers each statement with its select; the empty option clears it", async () => {
    const { user, last } = answering(MatrixInline, "QT_6");
    await user.selectOptions(screen.getByRole("combobox", { name: "Madrid es la capital de" }), "España");
    expect(last()).toEqual({ statements: { m2d: "es" } });
    const lisbon = screen.getByRole("combobox", { name: "Lisboa es la capital de" });
    expect(within(lisbon).getAllByRole("option").map((o) => o.textContent)).toEqual(["Elige una opción", "España", "Portugal", "Italia"]);
    await user.selectOptions(lisbon, "Portugal");
    expect(last()).toEqual({ statements: { m2d: "es", l5b: "pt" } });
    await user.selectOptions(lisbon, "Elige una opción");
    expect(last()).toEqual({ statements: { m2d: "es" } });
  });

  it("reviews each statement beside the right choice", () => {
    const parts: Parts = [
      { id: "m2d", correct: false },
      { id: "l5b", correct: false },
    ];
    showing(MatrixInline, "QT_6", { mode: "review", answer: QUESTION_FIXTURES.QT_6.wrong, solution: solutionOf("QT_6"), parts });
    const lisbon = itemWith("Lisboa es la capital de");
    expect(lisbon).toHaveTextContent(line("Tu respuesta", "Italia"));
    expect(lisbon).toHaveTextContent("Incorrecta");
    expect(lisbon).toHaveTextContent(line("Respuesta correcta", "Portugal"));
  });

  it("projects the choices of each statement, the right one tagged", () => {
    const { container } = showing(MatrixInline, "QT_6", { mode: "projection", solution: solutionOf("QT_6") });
    expectNoEnabledInputs(container);
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
    const lisbon = itemWith("Lisboa es la capital de");
    expect(within(lisbon).getByText("Portugal").closest("li")).toHaveTextContent("Respuesta correcta");
    expect(within(lisbon).getByText("Italia").closest("li")).not.toHaveTextContent("Respuesta correcta");
  });
});

describe("cloze text (QT_7)", () => {
  it("has an input per gap in reading order", async () => {
    const { user, last } = answering(ClozeText, "QT_7");
    expect(screen.getByText(/es el planeta más grande y/)).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Hueco 1" }), "Júpiter");
    await user.type(screen.getByRole("textbox", { name: "Hueco 2" }), "Venus");
    expect(last()).toEqual({ gaps: { g1: "Júpiter", g2: "Venus" } });
    await user.clear(screen.getByRole("textbox", { name: "Hueco 2" }));
    expect(last()).toEqual({ gaps: { g1: "Júpiter" } });
  });

  it("reviews each gap with the accepted answers", () => {
    const question = fixtureQuestionWith("QT_7", {
      text: "[[g1]] es el planeta más grande y [[g2]] el más cercano al Sol.",
      gaps: [
        { id: "g1", answers: ["Júpiter"] },
        { id: "g2", answers: ["Mercurio", "Hermes"] },
      ],
    });
    const parts: Parts = [
      { id: "g1", correct: true },
      { id: "g2", correct: false },
    ];
    const { container } = showing(ClozeText, "QT_7", { mode: "review", answer: { gaps: { g1: "júpiter" } }, solution: full("QT_7", question).data, parts });
    expectNoEnabledInputs(container);
    expect(container).toHaveTextContent(/Hueco 1:\s*júpiter\s*Correcta\s*Respuesta correcta:\s*Júpiter/);
    expect(container).toHaveTextContent(/Hueco 2:\s*Sin responder\s*Incorrecta\s*Respuesta correcta:\s*Mercurio \/ Hermes/);
  });

  it("projects blanks, filled with the answers when revealed", () => {
    const { container, unmount } = showing(ClozeText, "QT_7", { mode: "projection" });
    expectNoEnabledInputs(container);
    expect(screen.queryByText("Júpiter")).not.toBeInTheDocument();
    unmount();
    const revealed = showing(ClozeText, "QT_7", { mode: "projection", solution: solutionOf("QT_7") });
    expectNoEnabledInputs(revealed.container);
    expect(revealed.container).toHaveTextContent(/Hueco 1, Respuesta correcta:\s*Júpiter/);
  });
});

describe("short text (QT_17)", () => {
  it("answers in one input named by the label", async () => {
    const { user, last } = answering(ShortText, "QT_17");
    await user.type(screen.getByRole("textbox", { name: "Pregunta 1" }), "Lisboa");
    expect(last()).toEqual({ text: "Lisboa" });
  });

  it("reviews the text beside the accepted answers", () => {
    const { container } = showing(ShortText, "QT_17", { mode: "review", answer: QUESTION_FIXTURES.QT_17.wrong, solution: solutionOf("QT_17"), parts: [{ id: "text", correct: false }] });
    expectNoEnabledInputs(container);
    expect(container).toHaveTextContent(line("Tu respuesta", "Oporto"));
    expect(container).toHaveTextContent(line("Respuesta correcta", "Lisboa"));
    expect(screen.getByText("Incorrecta")).toBeInTheDocument();
  });

  it("projects a blank, or the answer when revealed", () => {
    const { container } = showing(ShortText, "QT_17", { mode: "projection", solution: solutionOf("QT_17") });
    expectNoEnabledInputs(container);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(container).toHaveTextContent(/Lisboa\s*Respuesta correcta/);
  });
});

describe("long text (QT_18)", () => {
  it("counts words as they are typed and warns over the limit", async () => {
    const question = studentQuestion("QT_18", fixtureQuestionWith("QT_18", { maxWords: 3 }));
    const { user, last } = answering(LongText, "QT_18", { question });
    const box = screen.getByRole("textbox", { name: "Pregunta 1" });
    await user.type(box, "uno dos  tres");
    expect(last()).toEqual({ text: "uno dos  tres" });
    expect(box).toHaveAccessibleDescription("3 / 3 palabras");
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    await user.type(box, " cuatro");
    expect(screen.getByRole("alert")).toHaveTextContent("Has superado el límite de 3 palabras: quita 1 palabra.");
    expect(box).toHaveAttribute("aria-invalid", "true");
  });

  it("counts without a limit, in English", async () => {
    const question = studentQuestion("QT_18", fixtureQuestionWith("QT_18", {}));
    const { user } = answering(LongText, "QT_18", { question, language: "en" });
    await user.type(screen.getByRole("textbox", { name: "Pregunta 1" }), "one");
    expect(screen.getByText("1 word")).toBeInTheDocument();
  });

  it("reviews the text and, when allowed, the model answer", () => {
    const { container, unmount } = showing(LongText, "QT_18", { mode: "review", answer: QUESTION_FIXTURES.QT_18.right, solution: solutionOf("QT_18") });
    expectNoEnabledInputs(container);
    expect(screen.getByText(QUESTION_FIXTURES.QT_18.right.text)).toBeInTheDocument();
    expect(screen.getByText("9 / 200 palabras")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Respuesta modelo" })).toBeInTheDocument();
    expect(screen.getByText("Una descripción con detalles de los sentidos.")).toBeInTheDocument();
    unmount();
    showing(LongText, "QT_18", { mode: "review", answer: undefined, solution: null });
    expect(screen.getByText("Sin responder")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Respuesta modelo" })).not.toBeInTheDocument();
  });

  it("projects the word limit without a text box", () => {
    const { container } = showing(LongText, "QT_18", { mode: "projection" });
    expectNoEnabledInputs(container);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.getByText("Máximo 200 palabras")).toBeInTheDocument();
  });
});
