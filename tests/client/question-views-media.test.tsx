import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import type { AnswerFor, QuestionDataFor, QuestionOf, QuestionType, Zone } from "../../src/contracts/questions";
import { toStudentData } from "../../src/contracts/student-questions";
import ClozeMath from "../../src/client/features/questions/views/QT_9";
import LabelImageText from "../../src/client/features/questions/views/QT_10";
import LabelImageDropdown from "../../src/client/features/questions/views/QT_11";
import LabelImageDragDrop from "../../src/client/features/questions/views/QT_12";
import UploadFile from "../../src/client/features/questions/views/QT_19";
import Pencil from "../../src/client/features/questions/views/QT_20";
import ClickToFind from "../../src/client/features/questions/views/QT_21";
import { pointOnImage } from "../../src/client/features/questions/views/media-geometry";
import type { QuestionViewProps, UploadedFile } from "../../src/client/features/questions/views/types";
import { fixtureQuestion, QUESTION_FIXTURES } from "../support/question-fixtures";
import { renderWithProviders } from "../support/render";

const GUID = "5b2f0c1e-7a3d-4e9b-8c1f-2d3e4f5a6b7c";

/** A fixture question as a student gets it, and its full data (the solution). */
function studentQuestion<K extends QuestionType>(type: K) {
  const q = fixtureQuestion(type) as QuestionOf<K>;
  const data = q.data as QuestionDataFor<K>;
  const question = { guid: GUID, type, prompt: q.prompt, points: q.points, media: q.media ?? [], data: toStudentData(type, data, "attempt-1:q") };
  return { question, data };
}

type Extra<K extends QuestionType> = Partial<Omit<QuestionViewProps<K>, "question">>;

function show<K extends QuestionType>(type: K, View: ComponentType<QuestionViewProps<K>>, props: Extra<K> = {}, language?: "en") {
  const { question, data } = studentQuestion(type);
  const onAnswer = jest.fn<void, [AnswerFor<K>]>();
  const result = renderWithProviders(<View question={question} mode="answer" answer={undefined} onAnswer={onAnswer} label="Pregunta 3" {...props} />, language ? { language } : {});
  return { ...result, onAnswer, data };
}

const lastAnswer = <T,>(fn: jest.Mock<void, [T]>): T | undefined => fn.mock.calls.at(-1)?.[0];

const rect = (left: number, top: number, width: number, height: number): DOMRect => ({
  left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}),
});

describe("QT_9 cloze math", () => {
  it("answers each gap in the plain math box where MathLive cannot run (jsdom)", async () => {
    const user = userEvent.setup();
    const { onAnswer } = show("QT_9", ClozeMath);
    const first = await screen.findByRole("textbox", { name: "Hueco 1" });
    const second = screen.getByRole("textbox", { name: "Hueco 2" });
    expect(screen.getByText(/Escribe cada respuesta como una expresión matemática/)).toBeInTheDocument();
    expect(first).toHaveAccessibleDescription(/por ejemplo 2x\+1/);

    await user.type(first, "2x+2");
    expect(lastAnswer(onAnswer)).toEqual({ gaps: { m1: "2x+2" } });
    await user.type(second, "\\frac{{1}{{2}");
    expect(lastAnswer(onAnswer)).toEqual({ gaps: { m1: "2x+2", m2: "\\frac{1}{2}" } });
    await user.clear(first);
    expect(lastAnswer(onAnswer)).toEqual({ gaps: { m2: "\\frac{1}{2}" } });
  });

  it("reviews each gap: the student's formula, the mark and the accepted answers", async () => {
    const { data } = studentQuestion("QT_9");
    show("QT_9", ClozeMath, {
      mode: "review",
      answer: QUESTION_FIXTURES.QT_9.partial?.answer,
      solution: data,
      parts: [
        { id: "m1", correct: true },
        { id: "m2", correct: false },
      ],
    });
    const gap1 = screen.getByRole("group", { name: "Hueco 1" });
    const gap2 = screen.getByRole("group", { name: "Hueco 2" });
    expect(within(gap1).getByText("Correcta")).toBeInTheDocument();
    expect(within(gap2).getByText("Incorrecta")).toBeInTheDocument();
    expect(within(gap2).getByText(/Tu respuesta/)).toBeInTheDocument();
    expect(within(gap2).getByText(/Respuesta correcta/)).toBeInTheDocument();
    // The formulas render with KaTeX, which writes MathML for screen readers.
    await waitFor(() => expect(gap2.querySelector("annotation")?.textContent).toBe("\\frac{1}{3}"));
    expect(Array.from(gap2.querySelectorAll("annotation")).map((a) => a.textContent)).toEqual(["\\frac{1}{3}", "0.5"]);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });
});

describe("QT_10 / QT_11 / QT_12 label image", () => {
  it("QT_10: one text box per numbered label", async () => {
    const user = userEvent.setup();
    const { onAnswer } = show("QT_10", LabelImageText);
    expect(screen.getByRole("img", { name: "Esquema de una célula animal" })).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Etiqueta 1" }), "núcleo");
    await user.type(screen.getByRole("textbox", { name: "Etiqueta 2" }), "membrana");
    expect(lastAnswer(onAnswer)).toEqual({ labels: { n4c: "núcleo", k2m: "membrana" } });
  });

  it("QT_10 projection with the solution shows the right words and nothing to answer", () => {
    const { data } = studentQuestion("QT_10");
    show("QT_10", LabelImageText, { mode: "projection", solution: data });
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    const rows = screen.getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("Etiqueta 1");
    expect(rows[0]).toHaveTextContent("Respuesta correcta: núcleo");
    expect(rows[1]).toHaveTextContent("Respuesta correcta: membrana / membrana celular");
  });

  it("QT_11: a list of the options per label", async () => {
    const user = userEvent.setup();
    const { onAnswer } = show("QT_11", LabelImageDropdown);
    await user.selectOptions(screen.getByRole("combobox", { name: "Etiqueta 2" }), "Barcelona");
    expect(lastAnswer(onAnswer)).toEqual({ labels: { p9y: "o8b" } });
    await user.selectOptions(screen.getByRole("combobox", { name: "Etiqueta 1" }), "Madrid");
    expect(lastAnswer(onAnswer)).toEqual({ labels: { p9y: "o8b", p5x: "o3m" } });
    await user.selectOptions(screen.getByRole("combobox", { name: "Etiqueta 2" }), "Elige una opción");
    expect(lastAnswer(onAnswer)).toEqual({ labels: { p5x: "o3m" } });
  });

  it("QT_11 in English: labels, and the review says right and wrong in words", () => {
    const { data } = studentQuestion("QT_11");
    show(
      "QT_11",
      LabelImageDropdown,
      { mode: "review", answer: QUESTION_FIXTURES.QT_11.partial?.answer, solution: data, parts: [{ id: "p5x", correct: true }, { id: "p9y", correct: false }] },
      "en",
    );
    const [first, second] = screen.getAllByRole("listitem");
    expect(first).toHaveTextContent("Label 1");
    expect(first).toHaveTextContent("Your answer: Madrid");
    expect(first).toHaveTextContent("Correct");
    expect(second).toHaveTextContent("Your answer: Sevilla");
    expect(second).toHaveTextContent("Incorrect");
    expect(second).toHaveTextContent("Correct answer: Barcelona");
  });

  it("QT_12: words are placed with each label's list; a placed word leaves the bank and the other lists", async () => {
    const user = userEvent.setup();
    const { onAnswer } = show("QT_12", LabelImageDragDrop);
    const bank = screen.getByRole("group", { name: "Palabras" });
    expect(within(bank).getByText("raíz")).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Etiqueta 1" }), "raíz");
    expect(lastAnswer(onAnswer)).toEqual({ labels: { z2a: "k1r" } });
    expect(within(bank).queryByText("raíz")).not.toBeInTheDocument();
    const second = screen.getByRole("combobox", { name: "Etiqueta 2" });
    expect(within(second).queryByRole("option", { name: "raíz" })).not.toBeInTheDocument();

    await user.selectOptions(second, "tallo");
    expect(lastAnswer(onAnswer)).toEqual({ labels: { z2a: "k1r", z7b: "k6t" } });

    await user.click(screen.getByRole("button", { name: "Quitar «raíz» de la etiqueta 1" }));
    expect(lastAnswer(onAnswer)).toEqual({ labels: { z7b: "k6t" } });
    expect(within(bank).getByText("raíz")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Etiqueta 1" })).toHaveFocus();
    // The bank's words are dnd-kit draggables for pointer and keyboard dragging, with instructions.
    expect(within(bank).getByText("hoja")).toHaveAttribute("aria-roledescription", "palabra arrastrable");
  });

  it("QT_12 review: the student's word, the mark and the right word per label", () => {
    const { data } = studentQuestion("QT_12");
    show("QT_12", LabelImageDragDrop, {
      mode: "review",
      answer: QUESTION_FIXTURES.QT_12.partial?.answer,
      solution: data,
      parts: [
        { id: "z2a", correct: true },
        { id: "z7b", correct: true },
        { id: "z4c", correct: false },
      ],
    });
    const rows = screen.getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("Tu respuesta: raíz");
    expect(rows[0]).toHaveTextContent("Correcta");
    expect(rows[2]).toHaveTextContent("Tu respuesta: flor");
    expect(rows[2]).toHaveTextContent("Incorrecta");
    expect(rows[2]).toHaveTextContent("Respuesta correcta: hoja");
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });
});

/** The zone markers on an image: the box each is drawn as (percent of the image) and the number inside it. */
function zoneMarkers(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLElement>("[data-zone-marker]")).map((box) => ({
    box: { left: box.style.left, top: box.style.top, width: box.style.width, height: box.style.height },
    number: box.querySelector("[data-badge]")?.textContent,
  }));
}

/** A zone's box in percent of the image, as CSS. */
const boxOf = (zone: Zone) =>
  zone.shape === "rect"
    ? { left: `${zone.x}%`, top: `${zone.y}%`, width: `${zone.w}%`, height: `${zone.h}%` }
    : { left: `${zone.cx - zone.r}%`, top: `${zone.cy - zone.r}%`, width: `${2 * zone.r}%`, height: `${2 * zone.r}%` };

describe("QT_10 / QT_11 / QT_12 label numbers on the image", () => {
  const views = [
    ["QT_10", LabelImageText, "textbox"],
    ["QT_11", LabelImageDropdown, "combobox"],
    ["QT_12", LabelImageDragDrop, "combobox"],
  ] as const;

  it.each(views)("%s: every label's box carries its own number inside it, the number its control is named after", (type, View, role) => {
    const { container, data } = show(type, View as ComponentType<QuestionViewProps<typeof type>>);
    const labels = (data as QuestionDataFor<"QT_10" | "QT_11" | "QT_12">).labels;
    expect(zoneMarkers(container)).toEqual(labels.map((l, i) => ({ box: boxOf(l.zone), number: String(i + 1) })));
    labels.forEach((_, i) => expect(screen.getByRole(role, { name: `Etiqueta ${i + 1}` })).toBeInTheDocument());
  });

  it.each(views)("%s review: the boxes keep their numbers", (type, View) => {
    const { data } = studentQuestion(type);
    const { container } = show(type, View as ComponentType<QuestionViewProps<typeof type>>, { mode: "review", answer: undefined, solution: data as never });
    const labels = (data as QuestionDataFor<"QT_10" | "QT_11" | "QT_12">).labels;
    expect(zoneMarkers(container)).toEqual(labels.map((l, i) => ({ box: boxOf(l.zone), number: String(i + 1) })));
    labels.forEach((_, i) => expect(screen.getAllByText(`Etiqueta ${i + 1}`).length).toBeGreaterThan(0));
  });

  it("QT_12: a word placed on a label shows inside that label's box", async () => {
    const user = userEvent.setup();
    const { container } = show("QT_12", LabelImageDragDrop);
    await user.selectOptions(screen.getByRole("combobox", { name: "Etiqueta 2" }), "tallo");
    const second = container.querySelector("[data-zone-marker='2']");
    expect(second).toHaveTextContent("2tallo");
    expect(container.querySelector("[data-zone-marker='1']")).toHaveTextContent(/^1$/);
  });
});

describe("pointOnImage", () => {
  /** An <img> of a 400 x 200 picture drawn in a 300 x 300 element, letterboxed when `fit` is contain. */
  function picture(fit: string) {
    const img = document.createElement("img");
    img.style.objectFit = fit;
    Object.defineProperty(img, "naturalWidth", { value: 400 });
    Object.defineProperty(img, "naturalHeight", { value: 200 });
    jest.spyOn(img, "getBoundingClientRect").mockReturnValue(rect(0, 0, 300, 300));
    return img;
  }

  it("measures in percent of the picture, leaving out the bands object-fit: contain adds", () => {
    // The 400 x 200 picture fills 300 x 150 in the middle: y from 75 to 225.
    const img = picture("contain");
    expect(pointOnImage(img, 150, 150)).toEqual({ x: 50, y: 50 });
    expect(pointOnImage(img, 30, 90)).toEqual({ x: 10, y: 10 });
    expect(pointOnImage(img, 150, 40)).toBeNull();
    expect(pointOnImage(img, 150, 40, true)).toEqual({ x: 50, y: 0 });
  });

  it("takes the element's box as the picture when it fills it", () => {
    expect(pointOnImage(picture("fill"), 30, 90)).toEqual({ x: 10, y: 30 });
  });
});

describe("QT_19 upload file", () => {
  it("uploads accepted files, keeps them when a later upload fails and refuses other types", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const upload = jest
      .fn<Promise<UploadedFile>, [File]>()
      .mockResolvedValueOnce({ key: "uploads/answers/1.pdf", name: "trabajo.pdf" })
      .mockRejectedValueOnce(new Error("network"));
    const fileUrl = (f: UploadedFile) => `/files/${f.key}`;
    const { onAnswer } = show("QT_19", UploadFile, { upload, fileUrl });
    expect(screen.getByText("Tipos permitidos: .pdf, .docx. Hasta 2 archivos de 20 MB como máximo cada uno.")).toBeInTheDocument();
    const input = screen.getByLabelText("Elegir archivos", { selector: "input" });
    expect(input).toHaveAttribute("accept", ".pdf,.docx");

    await user.upload(input, new File(["%PDF-1.4"], "trabajo.pdf", { type: "application/pdf" }));
    const link = await screen.findByRole("link", { name: "trabajo.pdf" });
    expect(link).toHaveAttribute("href", "/files/uploads/answers/1.pdf");
    expect(upload.mock.calls[0]?.[0].name).toBe("trabajo.pdf");
    expect(lastAnswer(onAnswer)).toEqual({ files: [{ key: "uploads/answers/1.pdf", name: "trabajo.pdf" }] });

    await user.upload(input, new File(["PK"], "notas.docx"));
    expect(await screen.findByText("No se ha podido subir notas.docx. Inténtalo de nuevo.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "trabajo.pdf" })).toBeInTheDocument();
    expect(onAnswer).toHaveBeenCalledTimes(1);

    await user.upload(input, new File(["MZ"], "juego.exe"));
    expect(screen.getByRole("alert")).toHaveTextContent("juego.exe no es de un tipo permitido (.pdf, .docx).");
    expect(upload).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("link", { name: "trabajo.pdf" })).toBeInTheDocument();
    // An answer keeps at least one file: the only file is replaced, not removed.
    expect(screen.getByRole("button", { name: "Sustituir trabajo.pdf" })).toBeInTheDocument();
  });

  it("removes one of two files and never goes over data.maxFiles", async () => {
    const user = userEvent.setup();
    let n = 0;
    const upload = jest.fn((file: File) => Promise.resolve({ key: `k${++n}`, name: file.name }));
    const { onAnswer } = show("QT_19", UploadFile, { upload });
    const input = screen.getByLabelText("Elegir archivos", { selector: "input" });
    await user.upload(input, [new File(["a"], "a.pdf"), new File(["b"], "b.pdf"), new File(["c"], "c.pdf")]);
    await waitFor(() => expect(lastAnswer(onAnswer)?.files).toHaveLength(2));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("alert")).toHaveTextContent("No se ha subido c.pdf: solo se admiten 2 archivos.");
    expect(screen.getByText("Ya has subido 2 archivos, el máximo. Quita uno para subir otro.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Quitar a.pdf" }));
    expect(lastAnswer(onAnswer)).toEqual({ files: [{ key: "k2", name: "b.pdf" }] });
    expect(screen.getByRole("button", { name: "Elegir archivo" })).toHaveFocus();
  });

  it("review lists the handed-in files as links", () => {
    show("QT_19", UploadFile, { mode: "review", answer: QUESTION_FIXTURES.QT_19.right, fileUrl: (f) => `/signed/${f.key}` });
    expect(screen.getByRole("link", { name: "trabajo.pdf" })).toHaveAttribute("href", "/signed/uploads/answers/3f1c.pdf");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("QT_20 pencil", () => {
  function fakeCanvas() {
    const ctx = {
      clearRect: jest.fn(),
      drawImage: jest.fn(),
      beginPath: jest.fn(),
      moveTo: jest.fn(),
      lineTo: jest.fn(),
      stroke: jest.fn(),
      arc: jest.fn(),
      fill: jest.fn(),
    };
    // jsdom has no canvas: a 2D context that records the drawing and a PNG export.
    jest.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation((() => ctx) as unknown as HTMLCanvasElement["getContext"]);
    jest.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((callback: BlobCallback) => callback(new Blob(["PNG"], { type: "image/png" })));
    return ctx;
  }

  it("draws with the keyboard and saves the drawing as a PNG", async () => {
    const ctx = fakeCanvas();
    const user = userEvent.setup();
    const upload = jest.fn((file: File) => Promise.resolve({ key: "uploads/answers/d1.png", name: file.name }));
    const { onAnswer } = show("QT_20", Pencil, { upload });
    const canvas = screen.getByRole("application", { name: "Lienzo de dibujo" });
    expect(canvas).toHaveAccessibleDescription(/las flechas mueven el lápiz/);
    expect(screen.getByRole("img", { name: "Cuadrícula" })).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Rojo" }));
    expect(screen.getByRole("radio", { name: "Rojo" })).toBeChecked();
    act(() => canvas.focus());
    await user.keyboard(" ");
    expect(screen.getByText("Lápiz bajado: al moverte, dibujas.")).toBeInTheDocument();
    await user.keyboard("{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}");
    expect(ctx.lineTo).toHaveBeenCalledWith(410, 300);
    expect(ctx.lineTo).toHaveBeenCalledWith(420, 300);
    expect(ctx.lineTo).toHaveBeenCalledWith(420, 350);
    expect(ctx).toMatchObject({ strokeStyle: "#c50f1f", lineWidth: 6 });
    await user.keyboard("{Enter}");
    expect(upload).not.toHaveBeenCalled();

    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const file = upload.mock.calls[0]?.[0];
    expect(file?.type).toBe("image/png");
    expect(file?.name).toBe("dibujo.png");
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ file: { key: "uploads/answers/d1.png", name: "dibujo.png" } }));
    expect(screen.getByRole("status")).toHaveTextContent("Dibujo guardado");
    expect(screen.getByRole("button", { name: "Deshacer" })).toBeEnabled();
  });

  it("says so when the drawing cannot be saved, and retries", async () => {
    fakeCanvas();
    const user = userEvent.setup();
    const upload = jest
      .fn<Promise<UploadedFile>, [File]>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce({ key: "k", name: "dibujo.png" });
    const { onAnswer } = show("QT_20", Pencil, { upload });
    act(() => screen.getByRole("application", { name: "Lienzo de dibujo" }).focus());
    await user.keyboard(" {ArrowLeft} ");
    expect(await screen.findByText("No se ha podido guardar el dibujo.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ file: { key: "k", name: "dibujo.png" } }));
  });

  it("review shows the saved drawing over the background", () => {
    show("QT_20", Pencil, { mode: "review", answer: QUESTION_FIXTURES.QT_20.right, fileUrl: (f) => `/signed/${f.key}` });
    expect(screen.getByRole("img", { name: "Dibujo del alumno" })).toHaveAttribute("src", "/signed/uploads/answers/8a2e.png");
    expect(screen.queryByRole("application")).not.toBeInTheDocument();
  });
});

describe("QT_21 click to find", () => {
  it("marks points with the keyboard crosshair, in percent, up to data.maxClicks", async () => {
    const user = userEvent.setup();
    const { onAnswer } = show("QT_21", ClickToFind);
    expect(screen.getByText("Encuentra 2 elementos")).toBeInTheDocument();
    const area = screen.getByRole("application", { name: "Imagen para marcar puntos: Una habitación con dos errores escondidos" });
    act(() => area.focus());
    // From the centre: three big steps left (50 -> 20), five small steps up (50 -> 45).
    await user.keyboard("{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{Enter}");
    expect(lastAnswer(onAnswer)).toEqual({ clicks: [{ x: 20, y: 45 }] });
    expect(screen.getByText("Punto 1: 20 %, 45 %")).toBeInTheDocument();

    await user.keyboard("{ArrowRight} {ArrowRight} {ArrowRight} ");
    expect(onAnswer).toHaveBeenCalledTimes(4);
    expect(screen.getByText("Puntos marcados: 4 de 4")).toBeInTheDocument();
    await user.keyboard("{ArrowRight}{Enter}");
    expect(onAnswer).toHaveBeenCalledTimes(4);
    expect(screen.getAllByText("Has marcado el máximo de 4 puntos. Quita uno para marcar otro.").length).toBeGreaterThan(0);

    await user.click(screen.getByRole("button", { name: "Quitar el punto 1" }));
    expect(lastAnswer(onAnswer)?.clicks).toEqual([
      { x: 21, y: 45 },
      { x: 22, y: 45 },
      { x: 23, y: 45 },
    ]);
    expect(area).toHaveFocus();
  });

  it("a click or tap marks the point under it, in percent of the picture measured on the <img>, not on its frame", () => {
    const { onAnswer } = show("QT_21", ClickToFind);
    const area = screen.getByRole("application", { name: /Imagen para marcar puntos/ });
    const picture = screen.getByRole("img", { name: "Una habitación con dos errores escondidos" });
    // A desktop card: whatever frames the image may be wider than it (926 px around a 640 x 330 picture).
    jest.spyOn(area, "getBoundingClientRect").mockReturnValue(rect(100, 50, 926, 330));
    jest.spyOn(picture, "getBoundingClientRect").mockReturnValue(rect(100, 50, 640, 330));
    fireEvent.click(area, { clientX: 700, clientY: 215 });
    expect(lastAnswer(onAnswer)).toEqual({ clicks: [{ x: 93.8, y: 50 }] });
    expect(screen.getByText("Punto 1: 93,8 %, 50 %")).toBeInTheDocument();
    // Beside the picture is not on it: nothing is marked.
    fireEvent.click(area, { clientX: 900, clientY: 215 });
    expect(onAnswer).toHaveBeenCalledTimes(1);
    // The marker sits at the same percentages of the overlay, which is the picture's box.
    expect(area.querySelector("[data-point-marker='1']")).toHaveStyle({ left: "93.8%", top: "50%" });
  });

  it("review with the solution outlines the targets and says what each point hit", () => {
    const { data } = studentQuestion("QT_21");
    const { container } = show("QT_21", ClickToFind, {
      mode: "review",
      answer: { clicks: [{ x: 15, y: 15 }, { x: 50, y: 90 }] },
      solution: data,
      parts: [
        { id: "e5", correct: true },
        { id: "q1", correct: false },
        { id: "click-1", correct: false },
      ],
    });
    const [targetA, targetB, point1, point2] = screen.getAllByRole("listitem");
    expect(targetA).toHaveTextContent("Elemento A");
    expect(targetA).toHaveTextContent("Encontrado (punto 1)");
    expect(targetA).toHaveTextContent("Correcta");
    expect(targetB).toHaveTextContent("No encontrado");
    expect(targetB).toHaveTextContent("Incorrecta");
    expect(point1).toHaveTextContent("En el elemento A");
    expect(point2).toHaveTextContent("Punto 2: 50 %, 90 %");
    expect(point2).toHaveTextContent("Fuera de los elementos");
    expect(point2).toHaveTextContent("Incorrecta");
    expect(screen.queryByRole("application")).not.toBeInTheDocument();
    // On the image: each target's own box, lettered inside; each point where it was clicked.
    expect(zoneMarkers(container)).toEqual(data.targets.map((target, i) => ({ box: boxOf(target.zone), number: "AB"[i] })));
    expect(container.querySelector("[data-point-marker='2']")).toHaveStyle({ left: "50%", top: "90%" });
  });

  it("review without the solution counts the targets found from the parts", () => {
    show("QT_21", ClickToFind, {
      mode: "review",
      answer: { clicks: [{ x: 12, y: 18 }] },
      parts: [
        { id: "e5", correct: true },
        { id: "q1", correct: false },
      ],
    });
    expect(screen.getByText("Elementos encontrados: 1 de 2")).toBeInTheDocument();
    expect(screen.getByText("Punto 1: 12 %, 18 %")).toBeInTheDocument();
  });
});
