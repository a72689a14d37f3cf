import type { SeedQuestion } from "./assessments";

/*
 * "Avaliação: sistema de numeração decimal" (Lumen, Matemática 6º ano, unit 1 lesson 1): a short
 * assessment of closed types in Brazilian Portuguese (thousands written with a point, as in Brazil).
 */

const KC = { place: "MAT.NUM.PLACE", order: "MAT.NUM.ORDER", read: "MAT.NUM.READ" } as const;

export const LUMEN_QUESTIONS: readonly SeedQuestion[] = [
  {
    key: "qt1-valor-posicional",
    question: {
      type: "QT_1",
      prompt: "Qual é o valor posicional do algarismo 8 no número 58.312?",
      kcs: [KC.place],
      data: {
        choices: [
          { id: "v3p", text: "8", correct: false },
          { id: "k7m", text: "800", correct: false },
          { id: "b1x", text: "8.000", correct: true },
          { id: "r5d", text: "80.000", correct: false },
        ],
      },
      feedback: { correct: "Isso mesmo: o 8 ocupa a ordem das unidades de milhar.", incorrect: "Veja a ordem que o 8 ocupa: 5 dezenas de milhar, 8 unidades de milhar..." },
    },
  },
  {
    key: "qt2-caracteristicas",
    question: {
      type: "QT_2",
      prompt: "Quais afirmações sobre o sistema de numeração decimal são verdadeiras?",
      kcs: [KC.place],
      points: 2,
      data: {
        choices: [
          { id: "a8s", text: "É posicional: o valor de um algarismo depende da posição que ele ocupa.", correct: true },
          { id: "q2n", text: "Usa dez algarismos, de 0 a 9.", correct: true },
          { id: "w6e", text: "O valor de um algarismo é sempre o mesmo, em qualquer posição.", correct: false },
          { id: "m9c", text: "Cada 10 unidades de uma ordem formam 1 unidade da ordem seguinte.", correct: true },
          { id: "t4r", text: "Foi criado pelos romanos.", correct: false },
        ],
      },
    },
  },
  {
    key: "qt3-zero-centenas",
    question: {
      type: "QT_3",
      prompt: "No número 4.076, o algarismo 0 ocupa a ordem das centenas.",
      kcs: [KC.place],
      data: { correct: true },
    },
  },
  {
    key: "qt9-decomposicao",
    question: {
      type: "QT_9",
      prompt: "Complete as igualdades.",
      kcs: [KC.place],
      data: {
        text: "\\(2359 = 2000 +\\) [[h6]] \\(+ 50 + 9\\). \\(7 \\times 1000 + 4 \\times 10 =\\) [[z3]].",
        gaps: [
          { id: "h6", answers: ["300"] },
          { id: "z3", answers: ["7040"] },
        ],
      },
    },
  },
  {
    key: "qt14-por-extenso",
    question: {
      type: "QT_14",
      prompt: "Relacione cada número com a sua escrita por extenso.",
      kcs: [KC.read],
      data: {
        items: [
          { id: "e4k", text: "1.205", matchId: "x9b" },
          { id: "e7w", text: "1.250", matchId: "x2m" },
          { id: "e2c", text: "12.005", matchId: "x6t" },
        ],
        matches: [
          { id: "x2m", text: "mil duzentos e cinquenta" },
          { id: "x5q", text: "mil e vinte e cinco" },
          { id: "x6t", text: "doze mil e cinco" },
          { id: "x9b", text: "mil duzentos e cinco" },
        ],
      },
    },
  },
  {
    key: "qt15-ordenar",
    question: {
      type: "QT_15",
      prompt: "Ordene os números do menor para o maior.",
      kcs: [KC.order],
      data: {
        items: [
          { id: "n8d", text: "10.099" },
          { id: "n3k", text: "10.909" },
          { id: "n6v", text: "10.990" },
          { id: "n1s", text: "19.009" },
          { id: "n5h", text: "19.090" },
        ],
      },
    },
  },
];
