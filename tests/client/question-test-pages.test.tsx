import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AnswerTestPage } from "../../src/client/features/questions/pages/AnswerTestPage";
import { LemonTestPage } from "../../src/client/features/questions/pages/LemonTestPage";
import { ok, reply, type ApiCall } from "../support/client-api";
import { fixtureQuestion, QUESTION_FIXTURES } from "../support/question-fixtures";
import { renderWithProviders, signedInAs } from "../support/render";

const SLOW = { timeout: 15_000 };
const CHECK = "POST /api/cms/questions/check";

/** Pastes text into a field at once (typing JSON key by key would read braces as key names). */
const paste = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe("/lemon-test", () => {
  it("renders a fixture as students see it and shows the answer it would send", async () => {
    const user = userEvent.setup();
    renderWithProviders(<LemonTestPage />, { auth: signedInAs("editorial") });

    expect(await screen.findByRole("heading", { level: 1, name: "Probar una pregunta" }, SLOW)).toBeInTheDocument();
    paste(screen.getByRole("textbox", { name: /^question_data/ }), JSON.stringify(fixtureQuestion("QT_1").data));
    await user.type(screen.getByRole("textbox", { name: "Enunciado (opcional)" }), "¿Cuál es la capital de Francia?");

    const preview = await screen.findByRole("region", { name: "Vista previa" });
    expect(within(preview).getByText("¿Cuál es la capital de Francia?")).toBeInTheDocument();
    const answer = screen.getByRole("region", { name: "Respuesta actual" });
    expect(within(answer).getByText(/Todavía no hay respuesta/)).toBeInTheDocument();

    await user.click(await within(preview).findByRole("radio", { name: "París" }, SLOW));
    await waitFor(() => expect(JSON.parse(within(answer).getByText(/choiceId/).textContent ?? "")).toEqual({ type: "QT_1", answer: { choiceId: "p2m" } }));
  });

  it("lists each issue with its JSON path and the rule it breaks, for bad JSON and for invalid data", async () => {
    const user = userEvent.setup();
    renderWithProviders(<LemonTestPage />, { auth: signedInAs("editorial") });

    const data = await screen.findByRole("textbox", { name: /^question_data/ }, SLOW);
    paste(data, "{ not json");
    const issues = await screen.findByRole("region", { name: /Problemas de question_data/ });
    expect(within(issues).getByText("(todo el JSON)")).toBeInTheDocument();
    expect(within(issues).getByText(/El JSON no es válido\./)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Vista previa" })).not.toBeInTheDocument();

    const noneCorrect = { choices: [{ id: "a1", text: "Uno", correct: false }, { id: "b2", text: "", correct: false }] };
    paste(data, JSON.stringify(noneCorrect));
    await waitFor(() => expect(within(issues).getByText("choices")).toBeInTheDocument());
    expect(within(issues).getByText("choices[1].text")).toBeInTheDocument();
    expect(within(issues).getByText(/Marca exactamente una opción correcta\./)).toBeInTheDocument();
    expect(within(issues).getByText(/Este campo es obligatorio\./)).toBeInTheDocument();

    // A type change checks the same JSON against that type's rules.
    await user.selectOptions(screen.getByRole("combobox", { name: "Tipo de pregunta" }), "QT_3");
    await waitFor(() => expect(within(issues).getByText(/Hay campos que este tipo de pregunta no admite\./)).toBeInTheDocument());
    expect(within(issues).getByText("correct")).toBeInTheDocument();
    expect(within(issues).getByText(/Falta este valor o no es del tipo esperado\./)).toBeInTheDocument();
  });
});

describe("/answer-test", () => {
  it("checks an answer with the server and shows the status, score and parts", async () => {
    const user = userEvent.setup();
    const { api } = renderWithProviders(<AnswerTestPage />, {
      auth: signedInAs("editorial"),
      api: { [CHECK]: ok({ status: "scored", score: 1.33, maxScore: 2, correct: false, parts: [{ id: "h3a", correct: true }, { id: "e1w", correct: false }] }) },
    });

    await user.selectOptions(await screen.findByRole("combobox", { name: "Tipo de pregunta" }, SLOW), "QT_2");
    paste(screen.getByRole("textbox", { name: /^question_data/ }), JSON.stringify(fixtureQuestion("QT_2").data));
    const points = screen.getByRole("spinbutton", { name: "Puntos de la pregunta" });
    await user.clear(points);
    await user.type(points, "2");
    paste(screen.getByRole("textbox", { name: /^Respuesta \(JSON\)/ }), JSON.stringify({ choiceIds: ["h3a", "e1w"] }));
    await user.click(screen.getByRole("button", { name: "Comprobar" }));

    await waitFor(() => expect(api.callsTo(CHECK)).toHaveLength(1));
    expect(api.callsTo(CHECK)[0]?.body).toEqual({
      type: "QT_2",
      question_data: JSON.stringify(fixtureQuestion("QT_2").data),
      points: 2,
      answer: { choiceIds: ["h3a", "e1w"] },
    });
    const result = screen.getByRole("region", { name: "Resultado" });
    expect(await within(result).findByText("Puntuación: 1.33 / 2")).toBeInTheDocument();
    expect(within(result).getByText("Corregida automáticamente")).toBeInTheDocument();
    const rows = within(within(result).getByRole("table", { name: "Resultado por partes" })).getAllByRole("row");
    expect(rows.slice(1).map((r) => r.textContent)).toEqual(["h3aCorrecta", "e1wIncorrecta"]);
  });

  it("shows the fields the server refused, and never sends an answer that is not JSON", async () => {
    const user = userEvent.setup();
    const refuse = (call: ApiCall) =>
      reply(400, {
        status: "error",
        error: { key: "VALIDATION_ERROR", message: "Invalid answer", details: [{ field: "answer.choiceId", message: call.body ? "unknown_id" : "required" }] },
      });
    const { api } = renderWithProviders(<AnswerTestPage />, { auth: signedInAs("editorial"), api: { [CHECK]: refuse } });

    paste(await screen.findByRole("textbox", { name: /^question_data/ }, SLOW), JSON.stringify(QUESTION_FIXTURES.QT_1.question.data));
    const answer = screen.getByRole("textbox", { name: /^Respuesta \(JSON\)/ });
    paste(answer, "{choiceId: zz}");
    await user.click(screen.getByRole("button", { name: "Comprobar" }));
    expect(await screen.findByText("La respuesta no es un JSON válido.")).toBeInTheDocument();
    expect(api.callsTo(CHECK)).toHaveLength(0);

    paste(answer, JSON.stringify({ choiceId: "zz9" }));
    await user.click(screen.getByRole("button", { name: "Comprobar" }));
    await waitFor(() => expect(api.callsTo(CHECK)).toHaveLength(1));
    const result = screen.getByRole("region", { name: "Resultado" });
    expect(await within(result).findByText("answer.choiceId")).toBeInTheDocument();
    expect(within(result).getByText(/Hace referencia a un elemento que no existe\./)).toBeInTheDocument();
    expect(within(result).getByText("El servidor ha rechazado estos campos:")).toBeInTheDocument();
  });
});
