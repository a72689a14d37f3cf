import { QuestionSchema, type Answer, type AnswerFor, type Question, type QuestionInput, type QuestionType, type Zone } from "../../src/contracts/questions";

/*
 * One question per type, with answers that score full, none and some credit, and one the type's
 * answer schema refuses. Valid question_data for the author form, the player and the demo seed.
 * Ids are random-looking on purpose: they must not give away an order or a pairing.
 */

type QuestionInputOf<K extends QuestionType> = Extract<QuestionInput, { type: K }>;

export type QuestionFixture<K extends QuestionType> = {
  question: QuestionInputOf<K>;
  /** Full credit (teacher-graded types: a valid submission). */
  right: AnswerFor<K>;
  /** No credit; absent for teacher-graded types. */
  wrong?: AnswerFor<K>;
  /** Some credit, and its score. */
  partial?: { answer: AnswerFor<K>; score: number };
  /** Refused by the type's answer schema. */
  malformed: unknown;
};

const image = (name: string, alt: string) => ({ url: `/media/fixtures/${name}.png`, alt });

export const QUESTION_FIXTURES: { [K in QuestionType]: QuestionFixture<K> } = {
  QT_1: {
    question: {
      type: "QT_1",
      prompt: "¿Cuál es la capital de Francia?",
      kcs: ["GEO.EU.CAPITALS"],
      data: {
        choices: [
          { id: "c7k", text: "Madrid", correct: false },
          { id: "p2m", text: "París", correct: true },
          { id: "r9x", text: "Roma", correct: false },
        ],
      },
    },
    right: { choiceId: "p2m" },
    wrong: { choiceId: "c7k" },
    malformed: { choiceId: 3 },
  },
  QT_2: {
    question: {
      type: "QT_2",
      prompt: "¿Qué números son primos?",
      kcs: ["MAT.NUM.PRIMES"],
      points: 2,
      data: {
        choices: [
          { id: "h3a", text: "2", correct: true },
          { id: "q8d", text: "3", correct: true },
          { id: "e1w", text: "4", correct: false },
          { id: "v5n", text: "5", correct: true },
          { id: "b6t", text: "9", correct: false },
        ],
      },
    },
    right: { choiceIds: ["v5n", "h3a", "q8d"] },
    wrong: { choiceIds: ["e1w", "b6t"] },
    // 2 of the 3 primes: 2/3 of 2 points.
    partial: { answer: { choiceIds: ["h3a", "q8d"] }, score: 1.33 },
    malformed: { choiceIds: ["h3a", "h3a"] },
  },
  QT_3: {
    question: { type: "QT_3", prompt: "El agua hierve a 100 °C al nivel del mar.", kcs: ["FIS.MAT.STATES"], data: { correct: true } },
    right: { value: true },
    wrong: { value: false },
    malformed: { value: "true" },
  },
  QT_4: {
    question: {
      type: "QT_4",
      prompt: "Escribe el nombre de cada animal.",
      kcs: ["LEN.VOC.ANIMALS"],
      data: {
        words: [
          { id: "w4g", answer: "GATO", clue: "Maúlla" },
          { id: "w9p", answer: "PERRO", clue: "Ladra" },
        ],
      },
    },
    right: { words: { w4g: "gato", w9p: "PERRO" } },
    wrong: { words: { w4g: "GATA", w9p: "PERA" } },
    partial: { answer: { words: { w4g: "Gato", w9p: "PERO" } }, score: 0.5 },
    malformed: { words: ["GATO", "PERRO"] },
  },
  QT_5: {
    question: {
      type: "QT_5",
      prompt: "¿Verdadero o falso?",
      kcs: ["CN.ESP.SOLAR"],
      data: {
        rows: [
          { id: "s1q", text: "El Sol es una estrella.", correctColumnId: "yes" },
          { id: "l8z", text: "La Luna tiene luz propia.", correctColumnId: "no" },
          { id: "t3r", text: "La Tierra gira alrededor del Sol.", correctColumnId: "yes" },
        ],
        columns: [
          { id: "yes", text: "Verdadero" },
          { id: "no", text: "Falso" },
        ],
      },
    },
    right: { rows: { s1q: "yes", l8z: "no", t3r: "yes" } },
    wrong: { rows: { s1q: "no", l8z: "yes", t3r: "no" } },
    partial: { answer: { rows: { s1q: "yes", l8z: "no", t3r: "no" } }, score: 0.67 },
    malformed: { rows: { s1q: 1 } },
  },
  QT_6: {
    question: {
      type: "QT_6",
      prompt: "Elige la opción correcta en cada frase.",
      kcs: ["GEO.EU.CAPITALS"],
      data: {
        statements: [
          {
            id: "m2d",
            text: "Madrid es la capital de",
            choices: [
              { id: "es", text: "España" },
              { id: "pt", text: "Portugal" },
            ],
            correctChoiceId: "es",
          },
          {
            id: "l5b",
            text: "Lisboa es la capital de",
            choices: [
              { id: "es", text: "España" },
              { id: "pt", text: "Portugal" },
              { id: "it", text: "Italia" },
            ],
            correctChoiceId: "pt",
          },
        ],
      },
    },
    right: { statements: { m2d: "es", l5b: "pt" } },
    wrong: { statements: { m2d: "pt", l5b: "it" } },
    partial: { answer: { statements: { m2d: "es", l5b: "es" } }, score: 0.5 },
    malformed: { statements: { m2d: ["es"] } },
  },
  QT_7: {
    question: {
      type: "QT_7",
      prompt: "Completa el texto.",
      kcs: ["CN.ESP.PLANETS"],
      data: {
        text: "[[g1]] es el planeta más grande y [[g2]] el más cercano al Sol.",
        gaps: [
          { id: "g1", answers: ["Júpiter"] },
          { id: "g2", answers: ["Mercurio"] },
        ],
      },
    },
    right: { gaps: { g1: "  júpiter ", g2: "Mercurio" } },
    wrong: { gaps: { g1: "Saturno", g2: "Venus" } },
    partial: { answer: { gaps: { g1: "Júpiter" } }, score: 0.5 },
    malformed: { gaps: { g1: 7 } },
  },
  QT_8: {
    question: {
      type: "QT_8",
      prompt: "Arrastra cada palabra a su hueco.",
      kcs: ["CN.ANI.HABITATS"],
      data: {
        text: "Los [[a1]] vuelan y los [[a2]] nadan.",
        tokens: [
          { id: "t7f", text: "pájaros" },
          { id: "t2c", text: "peces" },
          { id: "t9d", text: "perros" },
        ],
        gaps: [
          { id: "a1", tokenId: "t7f" },
          { id: "a2", tokenId: "t2c" },
        ],
      },
    },
    right: { gaps: { a1: "t7f", a2: "t2c" } },
    wrong: { gaps: { a1: "t2c", a2: "t7f" } },
    partial: { answer: { gaps: { a1: "t7f", a2: "t9d" } }, score: 0.5 },
    malformed: { gaps: { a1: "" } },
  },
  QT_9: {
    question: {
      type: "QT_9",
      prompt: "Completa.",
      kcs: ["MAT.ALG.SIMPLIFY"],
      data: {
        text: "\\(2(x+1) =\\) [[m1]] y \\(\\frac{1}{2} =\\) [[m2]]",
        gaps: [
          { id: "m1", answers: ["2x+2"] },
          { id: "m2", answers: ["0.5"] },
        ],
      },
    },
    right: { gaps: { m1: "2+2x", m2: "0,5" } },
    wrong: { gaps: { m1: "2x+1", m2: "0.25" } },
    partial: { answer: { gaps: { m1: "2\\cdot x+2", m2: "\\frac{1}{3}" } }, score: 0.5 },
    malformed: { gaps: ["2x+2"] },
  },
  QT_10: {
    question: {
      type: "QT_10",
      prompt: "Escribe el nombre de cada parte de la célula.",
      kcs: ["CN.BIO.CELL"],
      data: {
        image: image("cell", "Esquema de una célula animal"),
        labels: [
          { id: "n4c", zone: { shape: "rect", x: 40, y: 40, w: 20, h: 20 }, answers: ["núcleo"] },
          { id: "k2m", zone: { shape: "circle", cx: 90, cy: 50, r: 5 }, answers: ["membrana", "membrana celular"] },
        ],
      },
    },
    right: { labels: { n4c: "Núcleo", k2m: "membrana  celular" } },
    wrong: { labels: { n4c: "citoplasma", k2m: "pared" } },
    partial: { answer: { labels: { n4c: "núcleo", k2m: "" } }, score: 0.5 },
    malformed: { labels: { n4c: null } },
  },
  QT_11: {
    question: {
      type: "QT_11",
      prompt: "Elige la ciudad de cada punto del mapa.",
      kcs: ["GEO.ES.CITIES"],
      data: {
        image: image("spain", "Mapa de España con dos puntos marcados"),
        options: [
          { id: "o3m", text: "Madrid" },
          { id: "o8b", text: "Barcelona" },
          { id: "o1s", text: "Sevilla" },
        ],
        labels: [
          { id: "p5x", zone: { shape: "circle", cx: 48, cy: 45, r: 4 }, optionId: "o3m" },
          { id: "p9y", zone: { shape: "circle", cx: 85, cy: 30, r: 4 }, optionId: "o8b" },
        ],
      },
    },
    right: { labels: { p5x: "o3m", p9y: "o8b" } },
    wrong: { labels: { p5x: "o1s", p9y: "o3m" } },
    partial: { answer: { labels: { p5x: "o3m", p9y: "o1s" } }, score: 0.5 },
    malformed: { labels: "o3m" },
  },
  QT_12: {
    question: {
      type: "QT_12",
      prompt: "Arrastra cada nombre a su parte de la planta.",
      kcs: ["CN.BIO.PLANTS"],
      points: 3,
      data: {
        image: image("plant", "Dibujo de una planta con raíz, tallo y hojas"),
        tokens: [
          { id: "k1r", text: "raíz" },
          { id: "k6t", text: "tallo" },
          { id: "k3h", text: "hoja" },
          { id: "k8f", text: "flor" },
        ],
        labels: [
          { id: "z2a", zone: { shape: "rect", x: 40, y: 80, w: 20, h: 15 }, tokenId: "k1r" },
          { id: "z7b", zone: { shape: "rect", x: 45, y: 40, w: 10, h: 30 }, tokenId: "k6t" },
          { id: "z4c", zone: { shape: "circle", cx: 70, cy: 30, r: 8 }, tokenId: "k3h" },
        ],
      },
    },
    right: { labels: { z2a: "k1r", z7b: "k6t", z4c: "k3h" } },
    wrong: { labels: { z2a: "k8f", z7b: "k3h", z4c: "k6t" } },
    // 2 of 3 labels: 2/3 of 3 points.
    partial: { answer: { labels: { z2a: "k1r", z7b: "k6t", z4c: "k8f" } }, score: 2 },
    malformed: { labels: { z2a: ["k1r"] } },
  },
  QT_13: {
    question: {
      type: "QT_13",
      prompt: "Clasifica los animales.",
      kcs: ["CN.ANI.CLASSES"],
      data: {
        categories: [
          { id: "cm", text: "Mamíferos" },
          { id: "ca", text: "Aves" },
        ],
        items: [
          { id: "i5p", text: "Perro", categoryId: "cm" },
          { id: "i2a", text: "Águila", categoryId: "ca" },
          { id: "i9b", text: "Ballena", categoryId: "cm" },
          { id: "i4g", text: "Pingüino", image: image("penguin", "Un pingüino"), categoryId: "ca" },
        ],
      },
    },
    right: { items: { i5p: "cm", i2a: "ca", i9b: "cm", i4g: "ca" } },
    wrong: { items: { i5p: "ca", i2a: "cm", i9b: "ca", i4g: "cm" } },
    partial: { answer: { items: { i5p: "cm", i2a: "ca", i9b: "ca", i4g: "ca" } }, score: 0.75 },
    malformed: { items: { i5p: { categoryId: "cm" } } },
  },
  QT_14: {
    question: {
      type: "QT_14",
      prompt: "Une cada país con su capital.",
      kcs: ["GEO.EU.CAPITALS"],
      data: {
        items: [
          { id: "e3s", text: "España", matchId: "x7m" },
          { id: "f8r", text: "Francia", matchId: "x2p" },
          { id: "i1t", text: "Italia", matchId: "x5r" },
        ],
        matches: [
          { id: "x2p", text: "París" },
          { id: "x9l", text: "Lisboa" },
          { id: "x7m", text: "Madrid" },
          { id: "x5r", text: "Roma" },
        ],
      },
    },
    right: { pairs: { e3s: "x7m", f8r: "x2p", i1t: "x5r" } },
    wrong: { pairs: { e3s: "x2p", f8r: "x9l", i1t: "x7m" } },
    partial: { answer: { pairs: { e3s: "x7m", f8r: "x5r", i1t: "x2p" } }, score: 0.33 },
    malformed: { pairs: [["e3s", "x7m"]] },
  },
  QT_15: {
    question: {
      type: "QT_15",
      prompt: "Ordena las etapas de la vida.",
      kcs: ["CN.HUM.LIFE"],
      data: {
        items: [
          { id: "k4", text: "Infancia" },
          { id: "b7", text: "Adolescencia" },
          { id: "z1", text: "Edad adulta" },
          { id: "m3", text: "Vejez" },
        ],
      },
    },
    right: { order: ["k4", "b7", "z1", "m3"] },
    wrong: { order: ["m3", "z1", "b7", "k4"] },
    // The first moved to the end: three still in order, (3 - 1) / (4 - 1).
    partial: { answer: { order: ["b7", "z1", "m3", "k4"] }, score: 0.67 },
    malformed: { order: "k4,b7,z1,m3" },
  },
  QT_16: {
    question: {
      type: "QT_16",
      prompt: "Une cada número con todo lo que es.",
      kcs: ["MAT.NUM.PARITY"],
      data: {
        left: [
          { id: "n2", text: "2" },
          { id: "n3", text: "3" },
          { id: "n4", text: "4" },
        ],
        right: [
          { id: "even", text: "par" },
          { id: "odd", text: "impar" },
          { id: "prime", text: "primo" },
        ],
        links: [
          { leftId: "n2", rightId: "even" },
          { leftId: "n2", rightId: "prime" },
          { leftId: "n3", rightId: "odd" },
          { leftId: "n3", rightId: "prime" },
          { leftId: "n4", rightId: "even" },
        ],
      },
    },
    right: {
      links: [
        { leftId: "n4", rightId: "even" },
        { leftId: "n2", rightId: "even" },
        { leftId: "n2", rightId: "prime" },
        { leftId: "n3", rightId: "odd" },
        { leftId: "n3", rightId: "prime" },
      ],
    },
    wrong: {
      links: [
        { leftId: "n2", rightId: "odd" },
        { leftId: "n3", rightId: "even" },
      ],
    },
    // 3 right, 1 wrong, 5 expected: (3 - 1) / 5.
    partial: {
      answer: {
        links: [
          { leftId: "n2", rightId: "even" },
          { leftId: "n3", rightId: "odd" },
          { leftId: "n3", rightId: "prime" },
          { leftId: "n4", rightId: "odd" },
        ],
      },
      score: 0.4,
    },
    malformed: { links: [{ leftId: "n2" }] },
  },
  QT_17: {
    question: {
      type: "QT_17",
      prompt: "¿Cuál es la capital de Portugal?",
      kcs: ["GEO.EU.CAPITALS"],
      data: { answers: ["Lisboa"] },
      feedback: { correct: "¡Bien!", incorrect: "Es Lisboa." },
    },
    right: { text: "  lisboa " },
    wrong: { text: "Oporto" },
    malformed: { text: 5 },
  },
  QT_18: {
    question: {
      type: "QT_18",
      prompt: "Describe tu estación del año favorita.",
      kcs: ["LEN.WRI.DESCRIPTION"],
      points: 5,
      data: { maxWords: 200, modelAnswer: "Una descripción con detalles de los sentidos." },
    },
    right: { text: "Me gusta la primavera porque las flores huelen bien." },
    malformed: { text: null },
  },
  QT_19: {
    question: { type: "QT_19", prompt: "Sube tu trabajo.", kcs: ["LEN.WRI.PROJECT"], points: 10, data: { accept: ["pdf", "docx"], maxFiles: 2 } },
    right: { files: [{ key: "uploads/answers/3f1c.pdf", name: "trabajo.pdf" }] },
    malformed: { files: [] },
  },
  QT_20: {
    question: {
      type: "QT_20",
      prompt: "Dibuja un triángulo rectángulo.",
      kcs: ["MAT.GEO.TRIANGLES"],
      data: { background: image("grid", "Cuadrícula") },
    },
    right: { file: { key: "uploads/answers/8a2e.png", name: "dibujo.png" } },
    malformed: { file: "data:image/png;base64,AAAA" },
  },
  QT_21: {
    question: {
      type: "QT_21",
      prompt: "Encuentra los dos errores del dibujo.",
      kcs: ["LEN.OBS.DETAILS"],
      data: {
        image: image("room", "Una habitación con dos errores escondidos"),
        targets: [
          { id: "e5", zone: { shape: "rect", x: 10, y: 10, w: 10, h: 10 } },
          { id: "q1", zone: { shape: "circle", cx: 70, cy: 50, r: 5 } },
        ],
        maxClicks: 4,
      },
    },
    right: { clicks: [{ x: 15, y: 15 }, { x: 70, y: 52 }] },
    wrong: { clicks: [{ x: 50, y: 90 }] },
    // One of two targets found, no click on nothing: 1/2.
    partial: { answer: { clicks: [{ x: 12, y: 18 }] }, score: 0.5 },
    malformed: { clicks: [{ x: 120, y: 5 }] },
  },
};

/** A fixture question as the server holds it (parsed, defaults filled). */
export function fixtureQuestion(type: QuestionType): Question {
  return QuestionSchema.parse(QUESTION_FIXTURES[type].question);
}

/** The fixture question with other data (parsed, so it must be valid). */
export function fixtureQuestionWith<K extends QuestionType>(type: K, data: QuestionInputOf<K>["data"]): Question {
  return QuestionSchema.parse({ ...QUESTION_FIXTURES[type].question, data });
}

const centre = (zone: Zone) => (zone.shape === "rect" ? { x: zone.x + zone.w / 2, y: zone.y + zone.h / 2 } : { x: zone.cx, y: zone.cy });
const first = (answers: readonly string[]) => answers[0] ?? "";
const byId = <T extends { id: string }, V>(list: readonly T[], value: (item: T) => V) => Object.fromEntries(list.map((i) => [i.id, value(i)]));

/** The answer that takes full credit, built from a question's answer key; null for the types the teacher grades. */
export function rightAnswer(q: Question): AnswerFor<QuestionType> | null {
  switch (q.type) {
    case "QT_1": return { choiceId: q.data.choices.find((c) => c.correct)?.id ?? "" };
    case "QT_2": return { choiceIds: q.data.choices.filter((c) => c.correct).map((c) => c.id) };
    case "QT_3": return { value: q.data.correct };
    case "QT_4": return { words: byId(q.data.words, (w) => w.answer) };
    case "QT_5": return { rows: byId(q.data.rows, (r) => r.correctColumnId) };
    case "QT_6": return { statements: byId(q.data.statements, (st) => st.correctChoiceId) };
    case "QT_7": case "QT_9": return { gaps: byId(q.data.gaps, (g) => first(g.answers)) };
    case "QT_8": return { gaps: byId(q.data.gaps, (g) => g.tokenId) };
    case "QT_10": return { labels: byId(q.data.labels, (l) => first(l.answers)) };
    case "QT_11": return { labels: byId(q.data.labels, (l) => l.optionId) };
    case "QT_12": return { labels: byId(q.data.labels, (l) => l.tokenId) };
    case "QT_13": return { items: byId(q.data.items, (i) => i.categoryId) };
    case "QT_14": return { pairs: byId(q.data.items, (i) => i.matchId) };
    case "QT_15": return { order: q.data.items.map((i) => i.id) };
    case "QT_16": return { links: q.data.links };
    case "QT_17": return { text: first(q.data.answers) };
    case "QT_21": return { clicks: q.data.targets.map((target) => centre(target.zone)) };
    default: return null;
  }
}

/** The same answer as the save body's value ({ type, answer }). */
export function rightAnswerValue(q: Question): Answer | null {
  const answer = rightAnswer(q);
  return answer === null ? null : ({ type: q.type, answer } as Answer);
}
