import { IMAGE_ZONES, questionImage } from "./assessment-images";
import type { SeedQuestion } from "./assessments";

/*
 * "Evaluación: los números naturales" (Matemáticas 1º ESO, unit 1 lesson 1, "Sistemas de
 * numeración"): every question type at least once, on the decimal and Roman numeral systems,
 * place value and order. Local ids are arbitrary on purpose: they never hint at an order or a pairing.
 */

const KC = {
  place: "MAT.NUM.PLACE",
  roman: "MAT.NUM.ROMAN",
  order: "MAT.NUM.ORDER",
  ops: "MAT.NUM.OPS",
  read: "MAT.NUM.READ",
  baseTen: "MAT.POW.BASETEN",
} as const;

const Z = IMAGE_ZONES;

export const MATHS_QUESTIONS: readonly SeedQuestion[] = [
  {
    key: "qt1-valor-cifra",
    question: {
      type: "QT_1",
      prompt: "¿Cuánto vale la cifra 5 en el número 352 094?",
      kcs: [KC.place],
      data: {
        choices: [
          { id: "r4k", text: "5", correct: false },
          { id: "m8q", text: "5000", correct: false },
          { id: "b2x", text: "50 000", correct: true },
          { id: "t7w", text: "500 000", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! El 5 ocupa el lugar de las decenas de millar.", incorrect: "Fíjate en el lugar que ocupa: 3 centenas de millar, 5 decenas de millar..." },
    },
  },
  {
    key: "qt1-potencias",
    question: {
      type: "QT_1",
      prompt: "¿Qué número es \\(2 \\cdot 10^3 + 5 \\cdot 10^2 + 4\\)?",
      kcs: [KC.place, KC.baseTen],
      data: {
        choices: [
          { id: "x3d", text: "254", correct: false },
          { id: "h9p", text: "2054", correct: false },
          { id: "k1s", text: "2504", correct: true },
          { id: "w6n", text: "2540", correct: false },
        ],
      },
    },
  },
  {
    key: "qt2-sistema-decimal",
    question: {
      type: "QT_2",
      prompt: "¿Qué afirmaciones sobre el sistema de numeración decimal son verdaderas?",
      kcs: [KC.place],
      points: 2,
      data: {
        choices: [
          { id: "f5j", text: "Es posicional: el valor de cada cifra depende del lugar que ocupa.", correct: true },
          { id: "a9c", text: "Usa diez cifras distintas, del 0 al 9.", correct: true },
          { id: "q2v", text: "Diez unidades de un orden forman una unidad del orden siguiente.", correct: true },
          { id: "n7e", text: "Es aditivo, como el sistema romano.", correct: false },
          { id: "z4u", text: "Solo permite escribir números menores que un millón.", correct: false },
        ],
      },
    },
  },
  {
    key: "qt3-romano-repeticion",
    question: {
      type: "QT_3",
      prompt: "En el sistema de numeración romano, los símbolos I, X, C y M se pueden repetir hasta tres veces seguidas.",
      kcs: [KC.roman],
      data: { correct: true },
    },
  },
  {
    key: "qt3-potencia-diez",
    question: {
      type: "QT_3",
      prompt: "\\(10^4 = 1000\\)",
      kcs: [KC.baseTen],
      data: { correct: false },
      feedback: { incorrect: "\\(10^4 = 10 \\cdot 10 \\cdot 10 \\cdot 10 = 10\\,000\\): un 1 seguido de cuatro ceros." },
    },
  },
  {
    key: "qt4-ordenes",
    question: {
      type: "QT_4",
      prompt: "Escribe el nombre de cada orden de unidades.",
      kcs: [KC.place, KC.read],
      data: {
        words: [
          { id: "d6h", answer: "DECENA", clue: "10 unidades" },
          { id: "c3y", answer: "CENTENA", clue: "100 unidades" },
          { id: "m5r", answer: "MILLAR", clue: "1000 unidades" },
        ],
      },
    },
  },
  {
    key: "qt5-romanos-correctos",
    question: {
      type: "QT_5",
      prompt: "Indica si cada número romano está bien escrito.",
      kcs: [KC.roman],
      data: {
        rows: [
          { id: "p8a", text: "XIV", correctColumnId: "ok" },
          { id: "g2t", text: "IIII", correctColumnId: "ko" },
          { id: "u5m", text: "XC", correctColumnId: "ok" },
          { id: "e9b", text: "VX", correctColumnId: "ko" },
          { id: "s1w", text: "MCM", correctColumnId: "ok" },
          { id: "j4f", text: "IC", correctColumnId: "ko" },
        ],
        columns: [
          { id: "ok", text: "Bien escrito" },
          { id: "ko", text: "Mal escrito" },
        ],
      },
    },
  },
  {
    key: "qt6-valor-romanos",
    question: {
      type: "QT_6",
      prompt: "Elige el valor de cada número romano.",
      kcs: [KC.roman],
      data: {
        statements: [
          { id: "v2k", text: "XL vale", choices: [{ id: "o1", text: "40" }, { id: "o2", text: "60" }, { id: "o3", text: "90" }], correctChoiceId: "o1" },
          { id: "h7c", text: "CD vale", choices: [{ id: "o1", text: "600" }, { id: "o2", text: "400" }, { id: "o3", text: "500" }], correctChoiceId: "o2" },
          { id: "y3n", text: "MMXXVI vale", choices: [{ id: "o1", text: "2016" }, { id: "o2", text: "2024" }, { id: "o3", text: "2026" }], correctChoiceId: "o3" },
        ],
      },
    },
  },
  {
    key: "qt7-descomposicion",
    question: {
      type: "QT_7",
      prompt: "Completa con el nombre del orden que ocupa cada cifra del número 6385.",
      kcs: [KC.place],
      data: {
        text: "En 6385, la cifra 6 ocupa el lugar de las [[k2]] de millar; la cifra 3, el de las [[a7]]; la 8, el de las [[w4]], y la 5, el de las [[n9]].",
        gaps: [
          { id: "k2", answers: ["unidades"] },
          { id: "a7", answers: ["centenas"] },
          { id: "w4", answers: ["decenas"] },
          { id: "n9", answers: ["unidades"] },
        ],
        accentSensitive: false,
      },
    },
  },
  {
    key: "qt8-tipos-sistema",
    question: {
      type: "QT_8",
      prompt: "Arrastra cada palabra a su hueco.",
      kcs: [KC.place, KC.roman],
      data: {
        text: "El sistema de numeración decimal es [[q5]] porque el valor de cada cifra depende del lugar que ocupa. El sistema romano es [[t1]] porque el valor de un número se obtiene sumando (y a veces restando) el valor de sus símbolos. En los dos, diez unidades forman una [[r8]].",
        tokens: [
          { id: "x2b", text: "aditivo" },
          { id: "c9m", text: "centena" },
          { id: "h4d", text: "posicional" },
          { id: "k7p", text: "decena" },
          { id: "e3s", text: "binario" },
        ],
        gaps: [
          { id: "q5", tokenId: "h4d" },
          { id: "t1", tokenId: "x2b" },
          { id: "r8", tokenId: "k7p" },
        ],
      },
    },
  },
  {
    key: "qt9-igualdades",
    question: {
      type: "QT_9",
      prompt: "Completa las igualdades. Escribe las fracciones como \\(\\frac{a}{b}\\).",
      kcs: [KC.ops, KC.place],
      points: 2,
      data: {
        text: "\\(5 \\cdot 1000 + 2 \\cdot 100 + 8 =\\) [[f3]]. \\(10^3 =\\) [[u8]]. Si se reparten 3 pizzas entre 4 amigos, cada uno recibe \\(3 : 4 =\\) [[p1]] de pizza.",
        gaps: [
          { id: "f3", answers: ["5208"] },
          { id: "u8", answers: ["1000"] },
          { id: "p1", answers: ["\\frac{3}{4}"] },
        ],
      },
    },
  },
  {
    key: "qt10-recta",
    question: {
      type: "QT_10",
      prompt: "Escribe el número que corresponde a cada punto de la recta.",
      kcs: [KC.order],
      data: {
        image: questionImage("numberLine"),
        labels: [
          { id: "l6v", zone: Z.numberLine.A, answers: ["4", "cuatro"] },
          { id: "b3g", zone: Z.numberLine.B, answers: ["13", "trece"] },
          { id: "y9h", zone: Z.numberLine.C, answers: ["18", "dieciocho"] },
        ],
      },
    },
  },
  {
    key: "qt11-ordenes-4725",
    question: {
      type: "QT_11",
      prompt: "Elige el orden de unidades de cada cifra del número 4725.",
      kcs: [KC.place],
      data: {
        image: questionImage("placeValue"),
        options: [
          { id: "o5c", text: "centenas" },
          { id: "o2u", text: "unidades" },
          { id: "o8m", text: "unidades de millar" },
          { id: "o1d", text: "decenas" },
          { id: "o9x", text: "decenas de millar" },
        ],
        labels: [
          { id: "a4t", zone: Z.placeValue.thousands, optionId: "o8m" },
          { id: "r7k", zone: Z.placeValue.hundreds, optionId: "o5c" },
          { id: "e2w", zone: Z.placeValue.tens, optionId: "o1d" },
          { id: "s6j", zone: Z.placeValue.units, optionId: "o2u" },
        ],
      },
    },
  },
  {
    key: "qt12-bloques",
    question: {
      type: "QT_12",
      prompt: "Arrastra bajo cada bloque el nombre de la unidad que representa.",
      kcs: [KC.place],
      data: {
        image: questionImage("blocks"),
        tokens: [
          { id: "k8u", text: "unidad" },
          { id: "p3m", text: "unidad de millar" },
          { id: "d1c", text: "centena" },
          { id: "w5e", text: "decena" },
        ],
        labels: [
          { id: "g7p", zone: Z.blocks.plate, tokenId: "d1c" },
          { id: "m2b", zone: Z.blocks.bar, tokenId: "w5e" },
          { id: "t9q", zone: Z.blocks.cube, tokenId: "k8u" },
        ],
      },
    },
  },
  {
    key: "qt13-mayor-menor",
    question: {
      type: "QT_13",
      prompt: "Clasifica cada número según sea menor o mayor que 5000.",
      kcs: [KC.order],
      data: {
        categories: [
          { id: "lo", text: "Menor que 5000" },
          { id: "hi", text: "Mayor que 5000" },
        ],
        items: [
          { id: "i4n", text: "4999", categoryId: "lo" },
          { id: "z8c", text: "5001", categoryId: "hi" },
          { id: "q1r", text: "12 000", categoryId: "hi" },
          { id: "v6d", text: "4990", categoryId: "lo" },
          { id: "b9t", text: "5100", categoryId: "hi" },
          { id: "u2a", text: "899", categoryId: "lo" },
        ],
      },
    },
  },
  {
    key: "qt14-romanos-valor",
    question: {
      type: "QT_14",
      prompt: "Une cada número romano con su valor.",
      kcs: [KC.roman],
      data: {
        items: [
          { id: "r3x", text: "XIX", matchId: "m7b" },
          { id: "r8l", text: "XLV", matchId: "m2k" },
          { id: "r1c", text: "XCIX", matchId: "m9w" },
          { id: "r6d", text: "CDXL", matchId: "m4p" },
        ],
        matches: [
          { id: "m2k", text: "45" },
          { id: "m5s", text: "21" },
          { id: "m9w", text: "99" },
          { id: "m7b", text: "19" },
          { id: "m4p", text: "440" },
          { id: "m1z", text: "49" },
        ],
      },
    },
  },
  {
    key: "qt15-ordenar",
    question: {
      type: "QT_15",
      prompt: "Ordena los números de menor a mayor.",
      kcs: [KC.order],
      data: {
        items: [
          { id: "c8e", text: "8999" },
          { id: "k2f", text: "9089" },
          { id: "a5h", text: "9098" },
          { id: "w1j", text: "9809" },
          { id: "n4m", text: "9890" },
        ],
      },
    },
  },
  {
    key: "qt16-cifras",
    question: {
      type: "QT_16",
      prompt: "Une cada número con todas las frases que se cumplen para él (puede haber más de una).",
      kcs: [KC.place],
      points: 2,
      data: {
        left: [
          { id: "n3050", text: "3050" },
          { id: "n305", text: "305" },
          { id: "n350", text: "350" },
        ],
        right: [
          { id: "h5u", text: "Su cifra de las unidades es 5." },
          { id: "h5d", text: "Su cifra de las decenas es 5." },
          { id: "h3c", text: "Su cifra de las centenas es 3." },
          { id: "h3m", text: "Su cifra de las unidades de millar es 3." },
        ],
        links: [
          { leftId: "n3050", rightId: "h5d" },
          { leftId: "n3050", rightId: "h3m" },
          { leftId: "n305", rightId: "h5u" },
          { leftId: "n305", rightId: "h3c" },
          { leftId: "n350", rightId: "h5d" },
          { leftId: "n350", rightId: "h3c" },
        ],
      },
    },
  },
  {
    key: "qt17-bloques-213",
    question: {
      type: "QT_17",
      prompt: "¿Qué número representan los bloques de la imagen? Escríbelo en cifras.",
      kcs: [KC.place, KC.read],
      media: [questionImage("blocks213")],
      data: { answers: ["213"] },
      feedback: { correct: "¡Eso es! 2 centenas, 1 decena y 3 unidades.", incorrect: "Cuenta las placas (centenas), las barras (decenas) y los cubos sueltos (unidades)." },
    },
  },
  {
    key: "qt18-posicional-aditivo",
    question: {
      type: "QT_18",
      prompt: "Explica con tus palabras la diferencia entre un sistema de numeración posicional y uno aditivo, y pon un ejemplo de cada uno.",
      kcs: [KC.place, KC.roman],
      points: 2,
      data: {
        maxWords: 150,
        modelAnswer:
          "En un sistema posicional, como el decimal, el valor de una cifra depende del lugar que ocupa: en 505 el primer 5 vale 500 y el último, 5. En un sistema aditivo, como el romano, cada símbolo vale siempre lo mismo y el número se obtiene sumando sus valores: XXV = 10 + 10 + 5 = 25.",
      },
    },
  },
  {
    key: "qt19-fecha-romana",
    question: {
      type: "QT_19",
      prompt: "Escribe en un papel tu fecha de nacimiento (día, mes y año) con números romanos, hazle una foto y súbela.",
      kcs: [KC.roman],
      points: 2,
      data: { accept: ["jpg", "jpeg", "png", "pdf"], maxFiles: 1 },
    },
  },
  {
    key: "qt20-marcar-recta",
    question: {
      type: "QT_20",
      prompt: "Marca sobre la recta los números 5, 12 y 17, y escribe cada número encima de su punto.",
      kcs: [KC.order],
      data: { background: questionImage("blankLine") },
    },
  },
  {
    key: "qt21-setecientos",
    question: {
      type: "QT_21",
      prompt: "Haz clic en los números en los que la cifra 7 vale 700, es decir, ocupa el lugar de las centenas.",
      kcs: [KC.place],
      points: 2,
      data: {
        image: questionImage("cards"),
        targets: [
          { id: "t6r", zone: Z.cards.n1742 },
          { id: "t2h", zone: Z.cards.n3790 },
          { id: "t9b", zone: Z.cards.n726 },
          { id: "t4x", zone: Z.cards.n12703 },
        ],
        maxClicks: 6,
      },
    },
  },
];
