import type { BankQuestion } from "./practice-bank-types";

/*
 * Practice bank of Matemáticas 1º ESO (issue 15): at least five questions per KC of units 1
 * ("Números naturales") and 2 ("Divisibilidad"), easy to hard, in auto-scored types. A wrong
 * first try shows `feedback.incorrect`, a hint that does not give the answer away. Local ids are
 * arbitrary on purpose: they never hint at an order or a pairing.
 */

const KC = {
  place: "MAT.NUM.PLACE",
  roman: "MAT.NUM.ROMAN",
  order: "MAT.NUM.ORDER",
  read: "MAT.NUM.READ",
  ops: "MAT.NUM.OPS",
  props: "MAT.NUM.PROPS",
  priority: "MAT.NUM.PRIORITY",
  powCalc: "MAT.POW.CALC",
  powTen: "MAT.POW.BASETEN",
  powRules: "MAT.POW.RULES",
  squares: "MAT.ROOT.SQUARES",
  rootExact: "MAT.ROOT.EXACT",
  rootApprox: "MAT.ROOT.APPROX",
  multiples: "MAT.DIV.MULTIPLES",
  divisors: "MAT.DIV.DIVISORS",
  relation: "MAT.DIV.RELATION",
  lastDigit: "MAT.DIV.LASTDIGIT",
  digitSum: "MAT.DIV.DIGITSUM",
  eleven: "MAT.DIV.ELEVEN",
  primes: "MAT.DIV.PRIMES",
  sieve: "MAT.DIV.SIEVE",
  factor: "MAT.DIV.FACTOR",
  gcd: "MAT.DIV.GCD",
  lcm: "MAT.DIV.LCM",
  problems: "MAT.DIV.PROBLEMS",
} as const;

/** Unit 1, lesson 1: numeration systems (place value, Roman numerals, order, reading). */
const NUMERATION: readonly BankQuestion[] = [
  {
    key: "place-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué cifra ocupa el lugar de las centenas en el número 48 605?",
      kcs: [KC.place],
      data: {
        choices: [
          { id: "h3v", text: "8", correct: false },
          { id: "q7m", text: "0", correct: false },
          { id: "z2k", text: "6", correct: true },
          { id: "b9w", text: "5", correct: false },
        ],
      },
      feedback: {
        correct: "¡Bien! De derecha a izquierda: 5 unidades, 0 decenas, 6 centenas.",
        incorrect: "Cuenta los lugares desde la derecha: unidades, decenas, centenas...",
      },
    },
  },
  {
    key: "place-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "En el número 7340, la cifra 3 vale 300.",
      kcs: [KC.place],
      data: { correct: true },
      feedback: { correct: "Correcto: el 3 ocupa el lugar de las centenas.", incorrect: "Mira qué lugar ocupa el 3 contando desde la derecha." },
    },
  },
  {
    key: "place-3",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Completa la descomposición del número 30 527.",
      kcs: [KC.place],
      data: {
        text: "\\(30\\,527 =\\) [[k5w]] \\(\\cdot 10\\,000 +\\) [[t2p]] \\(\\cdot 100 + 2 \\cdot 10 + 7\\)",
        gaps: [
          { id: "k5w", answers: ["3"] },
          { id: "t2p", answers: ["5"] },
        ],
      },
      feedback: {
        correct: "¡Eso es! 3 decenas de millar, 0 unidades de millar, 5 centenas, 2 decenas y 7 unidades.",
        incorrect: "Escribe la cifra que ocupa cada lugar: las decenas de millar y las centenas.",
      },
    },
  },
  {
    key: "place-4",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica cada número según lo que vale en él la cifra 7.",
      kcs: [KC.place],
      data: {
        categories: [
          { id: "c4n", text: "Vale 70" },
          { id: "c8d", text: "Vale 700" },
          { id: "c1x", text: "Vale 7000" },
        ],
        items: [
          { id: "i5r", text: "2478", categoryId: "c4n" },
          { id: "i2m", text: "3712", categoryId: "c8d" },
          { id: "i9t", text: "17 045", categoryId: "c1x" },
          { id: "i6b", text: "970", categoryId: "c4n" },
          { id: "i3k", text: "7036", categoryId: "c1x" },
          { id: "i8w", text: "1705", categoryId: "c8d" },
        ],
      },
      feedback: {
        correct: "¡Muy bien! El valor de una cifra depende del lugar que ocupa.",
        incorrect: "Localiza el 7 en cada número y cuenta en qué lugar está desde la derecha.",
      },
    },
  },
  {
    key: "place-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "¿Cuántas decenas completas hay en el número 4386? Escribe solo el número.",
      kcs: [KC.place],
      data: { answers: ["438"] },
      feedback: {
        correct: "¡Exacto! 4386 son 438 decenas y 6 unidades.",
        incorrect: "No es solo la cifra de las decenas: cuenta también las decenas que forman las centenas y los millares.",
      },
    },
  },
  {
    key: "roman-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cómo se escribe el número 14 en números romanos?",
      kcs: [KC.roman],
      data: {
        choices: [
          { id: "r8c", text: "XIIII", correct: false },
          { id: "w3j", text: "XVI", correct: false },
          { id: "p6s", text: "XIV", correct: true },
          { id: "m1q", text: "VIX", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! XIV = 10 + (5 − 1).", incorrect: "Recuerda que un mismo símbolo no se repite más de tres veces seguidas." },
    },
  },
  {
    key: "roman-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "El número romano LX vale 40.",
      kcs: [KC.roman],
      data: { correct: false },
      feedback: {
        correct: "Correcto: LX vale 60, porque la X está a la derecha de la L y se suma.",
        incorrect: "Fíjate en si el símbolo menor está a la derecha o a la izquierda del mayor.",
      },
    },
  },
  {
    key: "roman-3",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "Escribe el número 49 en números romanos.",
      kcs: [KC.roman],
      data: { answers: ["XLIX"] },
      feedback: { correct: "¡Perfecto! 49 = 40 + 9 = XL + IX.", incorrect: "Descompón el número en decenas y unidades y escribe cada parte por separado." },
    },
  },
  {
    key: "roman-4",
    difficulty: 2,
    question: {
      type: "QT_15",
      prompt: "Ordena estos números romanos de menor a mayor.",
      kcs: [KC.roman, KC.order],
      data: {
        items: [
          { id: "o4f", text: "XL" },
          { id: "o9a", text: "LX" },
          { id: "o2v", text: "XC" },
          { id: "o7e", text: "CX" },
          { id: "o5u", text: "CD" },
        ],
      },
      feedback: { correct: "¡Bien ordenados! 40 < 60 < 90 < 110 < 400.", incorrect: "Escribe primero el valor de cada número en cifras y después compáralos." },
    },
  },
  {
    key: "roman-5",
    difficulty: 3,
    question: {
      type: "QT_14",
      prompt: "Une cada número romano con su valor.",
      kcs: [KC.roman],
      data: {
        items: [
          { id: "u3h", text: "MCMXC", matchId: "v8n" },
          { id: "u7b", text: "CDXLIV", matchId: "v2g" },
          { id: "u1z", text: "MMXXV", matchId: "v5y" },
          { id: "u6q", text: "DCCCXC", matchId: "v9c" },
        ],
        matches: [
          { id: "v2g", text: "444" },
          { id: "v4t", text: "1910" },
          { id: "v9c", text: "890" },
          { id: "v5y", text: "2025" },
          { id: "v8n", text: "1990" },
          { id: "v6r", text: "464" },
        ],
      },
      feedback: {
        correct: "¡Excelente! Has leído bien las restas: CM = 900, XC = 90, CD = 400, XL = 40, IV = 4.",
        incorrect: "Lee cada número de izquierda a derecha y resta cuando un símbolo menor va delante de uno mayor.",
      },
    },
  },
  {
    key: "order-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cuál de estos números es el mayor?",
      kcs: [KC.order],
      data: {
        choices: [
          { id: "g5d", text: "98 999", correct: false },
          { id: "y2r", text: "99 910", correct: false },
          { id: "n8p", text: "100 001", correct: true },
          { id: "f3s", text: "10 999", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Es el único con seis cifras.", incorrect: "Cuenta primero cuántas cifras tiene cada número." },
    },
  },
  {
    key: "order-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "\\(45\\,099 < 45\\,909\\)",
      kcs: [KC.order],
      data: { correct: true },
      feedback: { correct: "Correcto: las dos tienen 45 millares, y 0 centenas es menos que 9 centenas.", incorrect: "Compara cifra a cifra, de izquierda a derecha, hasta encontrar la primera diferente." },
    },
  },
  {
    key: "order-3",
    difficulty: 2,
    question: {
      type: "QT_15",
      prompt: "Ordena los números de menor a mayor.",
      kcs: [KC.order],
      data: {
        items: [
          { id: "a6k", text: "30 303" },
          { id: "e1w", text: "30 330" },
          { id: "s4m", text: "33 003" },
          { id: "x8j", text: "33 030" },
          { id: "d3q", text: "33 300" },
        ],
      },
      feedback: { correct: "¡Muy bien ordenados!", incorrect: "Todos tienen cinco cifras: compara primero los millares y después las centenas, las decenas..." },
    },
  },
  {
    key: "order-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Escribe el signo < o > entre cada pareja de números.",
      kcs: [KC.order],
      data: {
        text: "12 540 [[p2c]] 12 504\n7099 [[m6h]] 7909\n100 000 [[w9k]] 99 999",
        gaps: [
          { id: "p2c", answers: [">"] },
          { id: "m6h", answers: ["<"] },
          { id: "w9k", answers: [">"] },
        ],
      },
      feedback: { correct: "¡Correcto! El signo siempre abre su boca hacia el número mayor.", incorrect: "Si tienen las mismas cifras, busca la primera posición en la que son distintos." },
    },
  },
  {
    key: "order-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "¿Cuál es el menor número de cuatro cifras que tiene todas sus cifras distintas?",
      kcs: [KC.order],
      data: { answers: ["1023"] },
      feedback: {
        correct: "¡Exacto! Empieza por 1 (no puede empezar por 0) y sigue con 0, 2 y 3.",
        incorrect: "La primera cifra no puede ser 0; después usa las cifras más pequeñas que queden sin repetir.",
      },
    },
  },
  {
    key: "read-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cómo se lee el número 2 050 300?",
      kcs: [KC.read],
      data: {
        choices: [
          { id: "l7x", text: "Dos millones quinientos mil trescientos", correct: false },
          { id: "k2f", text: "Dos millones cincuenta mil trescientos", correct: true },
          { id: "j9b", text: "Dos millones cinco mil trescientos", correct: false },
          { id: "c5v", text: "Doscientos cinco mil trescientos", correct: false },
        ],
      },
      feedback: {
        correct: "¡Bien! 2 millones, 050 mil y 300 unidades.",
        incorrect: "Separa el número en grupos de tres cifras desde la derecha: millones, miles y unidades.",
      },
    },
  },
  {
    key: "read-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "El número «dieciséis mil ocho» se escribe 16 008.",
      kcs: [KC.read],
      data: { correct: true },
      feedback: { correct: "Correcto: 16 millares y 8 unidades, con ceros en las centenas y las decenas.", incorrect: "Escribe el grupo de los miles y luego el de las unidades con tres cifras." },
    },
  },
  {
    key: "read-3",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "Escribe en cifras: tres millones cuarenta mil doce.",
      kcs: [KC.read],
      data: { answers: ["3040012", "3 040 012", "3.040.012"] },
      feedback: {
        correct: "¡Perfecto! 3 040 012.",
        incorrect: "Escribe tres grupos: los millones, los miles (con tres cifras) y las unidades (con tres cifras). Rellena con ceros.",
      },
    },
  },
  {
    key: "read-4",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "Une cada número con su lectura.",
      kcs: [KC.read],
      data: {
        items: [
          { id: "n3r", text: "605 000", matchId: "t7a" },
          { id: "n8e", text: "650 000", matchId: "t2u" },
          { id: "n1y", text: "6 500 000", matchId: "t9o" },
          { id: "n5l", text: "60 500", matchId: "t4i" },
        ],
        matches: [
          { id: "t2u", text: "seiscientos cincuenta mil" },
          { id: "t4i", text: "sesenta mil quinientos" },
          { id: "t6e", text: "seis mil quinientos" },
          { id: "t7a", text: "seiscientos cinco mil" },
          { id: "t9o", text: "seis millones quinientos mil" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Separa cada número en grupos de tres cifras desde la derecha antes de leerlo." },
    },
  },
  {
    key: "read-5",
    difficulty: 3,
    question: {
      type: "QT_7",
      prompt: "Completa la lectura del número 40 070 015.",
      kcs: [KC.read],
      data: {
        text: "Cuarenta [[f6g]] setenta [[b3n]] [[h8z]].",
        gaps: [
          { id: "f6g", answers: ["millones"] },
          { id: "b3n", answers: ["mil"] },
          { id: "h8z", answers: ["quince"] },
        ],
      },
      feedback: { correct: "¡Exacto! 40 millones, 070 mil y 015 unidades.", incorrect: "El número tiene tres grupos: 40 | 070 | 015. Lee cada grupo y añade su nombre." },
    },
  },
];

/** Unit 1, lesson 2: operations with natural numbers, their properties and the order of operations. */
const OPERATIONS: readonly BankQuestion[] = [
  {
    key: "ops-1",
    difficulty: 1,
    question: {
      type: "QT_7",
      prompt: "Calcula.",
      kcs: [KC.ops],
      data: {
        text: "\\(348 + 275 =\\) [[a4s]]\n\\(900 - 457 =\\) [[d8f]]",
        gaps: [
          { id: "a4s", answers: ["623"] },
          { id: "d8f", answers: ["443"] },
        ],
      },
      feedback: { correct: "¡Bien calculado!", incorrect: "Coloca los números en columna y no olvides las llevadas." },
    },
  },
  {
    key: "ops-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "En una división entera, el resto siempre es menor que el divisor.",
      kcs: [KC.ops],
      data: { correct: true },
      feedback: { correct: "Correcto: si el resto fuera igual o mayor, el divisor cabría una vez más.", incorrect: "Piensa qué pasaría si el resto fuera mayor que el divisor." },
    },
  },
  {
    key: "ops-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Calcula.",
      kcs: [KC.ops],
      data: {
        text: "\\(36 \\cdot 25 =\\) [[g2h]]\n\\(1476 : 12 =\\) [[j7k]]",
        gaps: [
          { id: "g2h", answers: ["900"] },
          { id: "j7k", answers: ["123"] },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Comprueba la división multiplicando el cociente por 12." },
    },
  },
  {
    key: "ops-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "En una división entera el divisor es 7, el cociente 12 y el resto 5. ¿Cuál es el dividendo?",
      kcs: [KC.ops],
      data: {
        choices: [
          { id: "e5z", text: "84", correct: false },
          { id: "r2x", text: "79", correct: false },
          { id: "t9c", text: "91", correct: false },
          { id: "y6v", text: "89", correct: true },
        ],
      },
      feedback: { correct: "¡Bien! 7 · 12 + 5 = 89.", incorrect: "Usa la prueba de la división: dividendo = divisor · cociente + resto." },
    },
  },
  {
    key: "ops-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Un cine tiene 24 filas de 18 butacas. Si se han vendido 389 entradas, ¿cuántas butacas quedan libres?",
      kcs: [KC.ops],
      data: { answers: ["43"] },
      feedback: { correct: "¡Eso es! 24 · 18 = 432 butacas, y 432 − 389 = 43.", incorrect: "Calcula primero cuántas butacas hay en total." },
    },
  },
  {
    key: "props-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué propiedad se aplica en \\(7 \\cdot 9 = 9 \\cdot 7\\)?",
      kcs: [KC.props],
      data: {
        choices: [
          { id: "u4b", text: "Asociativa", correct: false },
          { id: "i8n", text: "Conmutativa", correct: true },
          { id: "o3m", text: "Distributiva", correct: false },
          { id: "p7l", text: "Elemento neutro", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! El orden de los factores no altera el producto.", incorrect: "Fíjate en qué ha cambiado entre los dos lados de la igualdad." },
    },
  },
  {
    key: "props-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "La resta cumple la propiedad conmutativa.",
      kcs: [KC.props],
      data: { correct: false },
      feedback: { correct: "Correcto: 9 − 4 = 5, pero 4 − 9 no da 5.", incorrect: "Prueba con dos números concretos cambiando el orden, por ejemplo 9 y 4." },
    },
  },
  {
    key: "props-3",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Aplica la propiedad distributiva y completa.",
      kcs: [KC.props],
      data: {
        text: "\\(6 \\cdot (10 + 3) = 6 \\cdot 10 +\\) [[k3d]] \\(=\\) [[s9f]]",
        gaps: [
          { id: "k3d", answers: ["18"] },
          { id: "s9f", answers: ["78"] },
        ],
      },
      feedback: { correct: "¡Muy bien! 60 + 18 = 78.", incorrect: "El 6 multiplica a cada sumando del paréntesis." },
    },
  },
  {
    key: "props-4",
    difficulty: 2,
    question: {
      type: "QT_5",
      prompt: "Indica qué propiedad se aplica en cada igualdad.",
      kcs: [KC.props],
      data: {
        rows: [
          { id: "w5a", text: "\\(3 + 8 = 8 + 3\\)", correctColumnId: "cm" },
          { id: "q1s", text: "\\((2 \\cdot 5) \\cdot 7 = 2 \\cdot (5 \\cdot 7)\\)", correctColumnId: "as" },
          { id: "z6d", text: "\\(4 \\cdot (6 + 1) = 4 \\cdot 6 + 4 \\cdot 1\\)", correctColumnId: "ds" },
          { id: "x2f", text: "\\(15 \\cdot 1 = 15\\)", correctColumnId: "nt" },
          { id: "c7g", text: "\\(0 + 23 = 23\\)", correctColumnId: "nt" },
        ],
        columns: [
          { id: "cm", text: "Conmutativa" },
          { id: "as", text: "Asociativa" },
          { id: "ds", text: "Distributiva" },
          { id: "nt", text: "Elemento neutro" },
        ],
      },
      feedback: {
        correct: "¡Todo correcto!",
        incorrect: "Conmutativa: cambia el orden; asociativa: cambian los paréntesis; distributiva: un factor multiplica a una suma.",
      },
    },
  },
  {
    key: "props-5",
    difficulty: 3,
    question: {
      type: "QT_9",
      prompt: "Saca factor común para calcular de forma rápida.",
      kcs: [KC.props],
      data: {
        text: "\\(37 \\cdot 15 + 37 \\cdot 85 = 37 \\cdot\\) [[v4h]] \\(=\\) [[b8j]]",
        gaps: [
          { id: "v4h", answers: ["100"] },
          { id: "b8j", answers: ["3700"] },
        ],
      },
      feedback: { correct: "¡Genial! 15 + 85 = 100, y multiplicar por 100 es fácil.", incorrect: "El 37 se repite en los dos productos: suma primero lo que lo multiplica." },
    },
  },
  {
    key: "priority-1",
    difficulty: 1,
    question: {
      type: "QT_7",
      prompt: "Calcula respetando la jerarquía de las operaciones.",
      kcs: [KC.priority],
      data: { text: "\\(5 + 3 \\cdot 4 =\\) [[n2m]]", gaps: [{ id: "n2m", answers: ["17"] }] },
      feedback: { correct: "¡Bien! Primero 3 · 4 = 12, y después 5 + 12.", incorrect: "Las multiplicaciones se hacen antes que las sumas." },
    },
  },
  {
    key: "priority-2",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué operación se hace primero en \\(20 - 12 : 4\\)?",
      kcs: [KC.priority],
      data: {
        choices: [
          { id: "f4q", text: "La resta 20 − 12", correct: false },
          { id: "h9w", text: "La división 12 : 4", correct: true },
          { id: "j3e", text: "Cualquiera de las dos: el resultado es el mismo", correct: false },
        ],
      },
      feedback: { correct: "Correcto: 20 − 3 = 17.", incorrect: "Sin paréntesis, multiplicaciones y divisiones van antes que sumas y restas." },
    },
  },
  {
    key: "priority-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Calcula respetando la jerarquía de las operaciones.",
      kcs: [KC.priority],
      data: {
        text: "\\((8 - 3) \\cdot 2 + 10 : 5 =\\) [[r6t]]\n\\(18 - 2 \\cdot (4 + 3) =\\) [[y1u]]",
        gaps: [
          { id: "r6t", answers: ["12"] },
          { id: "y1u", answers: ["4"] },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Primero los paréntesis, después multiplicaciones y divisiones, y al final sumas y restas." },
    },
  },
  {
    key: "priority-4",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "\\(12 - 4 - 2 = 12 - (4 - 2)\\)",
      kcs: [KC.priority],
      data: { correct: false },
      feedback: { correct: "Correcto: el primer lado da 6 y el segundo, 10.", incorrect: "Calcula cada lado por separado: sin paréntesis, las restas se hacen de izquierda a derecha." },
    },
  },
  {
    key: "priority-5",
    difficulty: 3,
    question: {
      type: "QT_15",
      prompt: "Ordena los pasos para calcular \\(40 - 3 \\cdot (2 + 8) : 5\\).",
      kcs: [KC.priority],
      data: {
        items: [
          { id: "s2a", text: "\\(40 - 3 \\cdot 10 : 5\\)" },
          { id: "s8d", text: "\\(40 - 30 : 5\\)" },
          { id: "s5g", text: "\\(40 - 6\\)" },
          { id: "s1j", text: "\\(34\\)" },
        ],
      },
      feedback: { correct: "¡Perfecto! Paréntesis, multiplicación, división y resta.", incorrect: "Empieza por el paréntesis y después haz las multiplicaciones y divisiones de izquierda a derecha." },
    },
  },
  {
    key: "priority-6",
    difficulty: 3,
    question: {
      type: "QT_7",
      prompt: "Calcula. Empieza por el paréntesis más interior.",
      kcs: [KC.priority],
      data: { text: "\\(2 \\cdot [15 - (3 + 4) \\cdot 2] + 6 =\\) [[m4x]]", gaps: [{ id: "m4x", answers: ["8"] }] },
      feedback: { correct: "¡Excelente! 2 · [15 − 14] + 6 = 2 + 6 = 8.", incorrect: "Dentro del corchete, multiplica antes de restar." },
    },
  },
];

/** Unit 1, lessons 3 and 4: powers and square roots. */
const POWERS_AND_ROOTS: readonly BankQuestion[] = [
  {
    key: "pow-calc-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué potencia expresa el producto \\(7 \\cdot 7 \\cdot 7 \\cdot 7\\)?",
      kcs: [KC.powCalc],
      data: {
        choices: [
          { id: "b3k", text: "\\(4^7\\)", correct: false },
          { id: "d7l", text: "\\(7 \\cdot 4\\)", correct: false },
          { id: "g1p", text: "\\(7^4\\)", correct: true },
          { id: "k9o", text: "\\(7^3\\)", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! La base es el factor que se repite y el exponente, las veces que se repite.", incorrect: "¿Qué número se repite? ¿Cuántas veces aparece?" },
    },
  },
  {
    key: "pow-calc-2",
    difficulty: 1,
    question: {
      type: "QT_7",
      prompt: "Calcula el valor de cada potencia.",
      kcs: [KC.powCalc],
      data: {
        text: "\\(2^5 =\\) [[p6n]]\n\\(3^4 =\\) [[l2b]]",
        gaps: [
          { id: "p6n", answers: ["32"] },
          { id: "l2b", answers: ["81"] },
        ],
      },
      feedback: { correct: "¡Correcto!", incorrect: "Multiplica la base por sí misma tantas veces como indica el exponente; no multipliques base por exponente." },
    },
  },
  {
    key: "pow-calc-3",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "\\(2^3 = 3^2\\)",
      kcs: [KC.powCalc],
      data: { correct: false },
      feedback: { correct: "Correcto: \\(2^3 = 8\\) y \\(3^2 = 9\\).", incorrect: "Calcula las dos potencias antes de compararlas." },
    },
  },
  {
    key: "pow-calc-4",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt:
        "Un edificio tiene 4 plantas; en cada planta hay 4 pisos, en cada piso 4 habitaciones y en cada habitación 4 ventanas. ¿Cuántas ventanas tiene el edificio?",
      kcs: [KC.powCalc],
      data: { answers: ["256"] },
      feedback: { correct: "¡Eso es! \\(4^4 = 256\\).", incorrect: "El 4 se multiplica por sí mismo varias veces: escríbelo como una potencia." },
    },
  },
  {
    key: "pow-calc-5",
    difficulty: 3,
    question: {
      type: "QT_15",
      prompt: "Ordena las potencias de menor a mayor valor.",
      kcs: [KC.powCalc],
      data: {
        items: [
          { id: "e2c", text: "\\(5^2\\)" },
          { id: "a8v", text: "\\(3^3\\)" },
          { id: "w4b", text: "\\(2^5\\)" },
          { id: "q7n", text: "\\(4^3\\)" },
          { id: "z5m", text: "\\(10^2\\)" },
        ],
      },
      feedback: { correct: "¡Muy bien! 25 < 27 < 32 < 64 < 100.", incorrect: "Calcula el valor de cada potencia antes de ordenarlas." },
    },
  },
  {
    key: "pow-ten-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué potencia de 10 es igual a 10 000?",
      kcs: [KC.powTen],
      data: {
        choices: [
          { id: "h2j", text: "\\(10^3\\)", correct: false },
          { id: "k6l", text: "\\(10^4\\)", correct: true },
          { id: "n1m", text: "\\(10^5\\)", correct: false },
          { id: "p5q", text: "\\(4^{10}\\)", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Cuatro ceros, exponente 4.", incorrect: "Cuenta los ceros que hay detrás del 1." },
    },
  },
  {
    key: "pow-ten-2",
    difficulty: 1,
    question: {
      type: "QT_17",
      prompt: "Escribe en cifras el número \\(10^5\\).",
      kcs: [KC.powTen],
      data: { answers: ["100000", "100 000", "100.000"] },
      feedback: { correct: "¡Correcto! Un 1 seguido de cinco ceros.", incorrect: "El exponente de una potencia de 10 indica cuántos ceros van detrás del 1." },
    },
  },
  {
    key: "pow-ten-3",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Completa la descomposición polinómica con potencias de 10.",
      kcs: [KC.powTen, KC.place],
      data: {
        text: "\\(4702 = 4 \\cdot\\) [[r3e]] \\(+ 7 \\cdot\\) [[t8w]] \\(+ 2\\)",
        gaps: [
          { id: "r3e", answers: ["10^3"] },
          { id: "t8w", answers: ["10^2"] },
        ],
      },
      feedback: { correct: "¡Muy bien! 4 millares y 7 centenas.", incorrect: "¿Qué lugar ocupa el 4? ¿Y el 7? Un millar es \\(10 \\cdot 10 \\cdot 10\\)." },
    },
  },
  {
    key: "pow-ten-4",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "Une cada número con su expresión usando potencias de 10.",
      kcs: [KC.powTen],
      data: {
        items: [
          { id: "y4u", text: "6 000 000", matchId: "x1i" },
          { id: "y9o", text: "60 000", matchId: "x6p" },
          { id: "y2a", text: "600", matchId: "x3s" },
          { id: "y7d", text: "6000", matchId: "x8f" },
        ],
        matches: [
          { id: "x3s", text: "\\(6 \\cdot 10^2\\)" },
          { id: "x5g", text: "\\(6 \\cdot 10^5\\)" },
          { id: "x8f", text: "\\(6 \\cdot 10^3\\)" },
          { id: "x1i", text: "\\(6 \\cdot 10^6\\)" },
          { id: "x6p", text: "\\(6 \\cdot 10^4\\)" },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Cuenta los ceros que siguen al 6 en cada número." },
    },
  },
  {
    key: "pow-ten-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "¿Cuántas veces es mayor \\(10^7\\) que \\(10^4\\)? Escribe el número en cifras.",
      kcs: [KC.powTen],
      data: { answers: ["1000", "1 000", "1.000"] },
      feedback: { correct: "¡Exacto! \\(10^7 : 10^4 = 10^3 = 1000\\).", incorrect: "Divide las dos potencias: ¿cuántos ceros tiene una más que la otra?" },
    },
  },
  {
    key: "pow-rules-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cuál es el resultado de \\(5^3 \\cdot 5^4\\) expresado como una sola potencia?",
      kcs: [KC.powRules],
      data: {
        choices: [
          { id: "c3h", text: "\\(5^{12}\\)", correct: false },
          { id: "v8j", text: "\\(25^7\\)", correct: false },
          { id: "b1k", text: "\\(5^7\\)", correct: true },
          { id: "n6l", text: "\\(10^7\\)", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Misma base: se suman los exponentes.", incorrect: "Escribe los factores: tres cincos por cuatro cincos. ¿Cuántos cincos hay en total?" },
    },
  },
  {
    key: "pow-rules-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "\\(6^8 : 6^2 = 6^4\\)",
      kcs: [KC.powRules],
      data: { correct: false },
      feedback: { correct: "Correcto: \\(6^8 : 6^2 = 6^6\\), porque los exponentes se restan.", incorrect: "Al dividir potencias de la misma base, ¿los exponentes se dividen o se restan?" },
    },
  },
  {
    key: "pow-rules-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Escribe el resultado como una sola potencia, por ejemplo 3^5.",
      kcs: [KC.powRules],
      data: {
        text: "\\((2^3)^4 =\\) [[m5n]]\n\\(7^9 : 7^5 =\\) [[q2w]]",
        gaps: [
          { id: "m5n", answers: ["2^12", "2^{12}", "2¹²"] },
          { id: "q2w", answers: ["7^4", "7^{4}", "7⁴"] },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Potencia de una potencia: se multiplican los exponentes. Cociente de la misma base: se restan." },
    },
  },
  {
    key: "pow-rules-4",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica cada operación según su resultado.",
      kcs: [KC.powRules],
      data: {
        categories: [
          { id: "k10", text: "\\(3^{10}\\)" },
          { id: "k9", text: "\\(3^9\\)" },
        ],
        items: [
          { id: "d4e", text: "\\(3^4 \\cdot 3^6\\)", categoryId: "k10" },
          { id: "f7r", text: "\\((3^5)^2\\)", categoryId: "k10" },
          { id: "g2t", text: "\\(3^{12} : 3^2\\)", categoryId: "k10" },
          { id: "h8y", text: "\\(3^7 \\cdot 3^2\\)", categoryId: "k9" },
          { id: "j5u", text: "\\((3^3)^3\\)", categoryId: "k9" },
          { id: "l1i", text: "\\(3^{15} : 3^6\\)", categoryId: "k9" },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Calcula el exponente final de cada operación: suma, resta o multiplica según el caso." },
    },
  },
  {
    key: "pow-rules-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Calcula \\((2^3 \\cdot 2^4) : 2^5\\) y escribe el resultado como un número.",
      kcs: [KC.powRules],
      data: { answers: ["4"] },
      feedback: { correct: "¡Exacto! \\(2^7 : 2^5 = 2^2 = 4\\).", incorrect: "Primero el paréntesis como una sola potencia, luego el cociente, y al final calcula su valor." },
    },
  },
  {
    key: "pow-rules-6",
    difficulty: 3,
    question: {
      type: "QT_3",
      prompt: "\\(2^3 \\cdot 3^3 = 6^3\\)",
      kcs: [KC.powRules],
      data: { correct: true },
      feedback: {
        correct: "Correcto: con el mismo exponente, se multiplican las bases: 8 · 27 = 216 = \\(6^3\\).",
        incorrect: "Calcula los dos lados: \\(2^3\\), \\(3^3\\) y \\(6^3\\).",
      },
    },
  },
  {
    key: "squares-1",
    difficulty: 1,
    question: {
      type: "QT_2",
      prompt: "¿Cuáles de estos números son cuadrados perfectos?",
      kcs: [KC.squares],
      data: {
        choices: [
          { id: "a5s", text: "49", correct: true },
          { id: "d2f", text: "50", correct: false },
          { id: "g7h", text: "64", correct: true },
          { id: "j4k", text: "90", correct: false },
          { id: "l9z", text: "81", correct: true },
        ],
      },
      feedback: { correct: "¡Bien! 49 = 7², 64 = 8² y 81 = 9².", incorrect: "Un cuadrado perfecto es el resultado de multiplicar un número natural por sí mismo." },
    },
  },
  {
    key: "squares-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "60 es un cuadrado perfecto.",
      kcs: [KC.squares],
      data: { correct: false },
      feedback: { correct: "Correcto: 7² = 49 y 8² = 64; 60 queda entre los dos.", incorrect: "Busca un número que multiplicado por sí mismo dé exactamente 60." },
    },
  },
  {
    key: "squares-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica los números.",
      kcs: [KC.squares],
      data: {
        categories: [
          { id: "sq", text: "Cuadrado perfecto" },
          { id: "ns", text: "No es cuadrado perfecto" },
        ],
        items: [
          { id: "x3c", text: "144", categoryId: "sq" },
          { id: "v8b", text: "200", categoryId: "ns" },
          { id: "n1m", text: "169", categoryId: "sq" },
          { id: "m6q", text: "250", categoryId: "ns" },
          { id: "w2e", text: "225", categoryId: "sq" },
          { id: "r5t", text: "300", categoryId: "ns" },
        ],
      },
      feedback: { correct: "¡Muy bien! 144 = 12², 169 = 13² y 225 = 15².", incorrect: "Repasa los cuadrados de 10 a 18: 10² = 100, 11² = 121..." },
    },
  },
  {
    key: "squares-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "¿Cuál es el menor cuadrado perfecto mayor que 200?",
      kcs: [KC.squares],
      data: {
        choices: [
          { id: "y7u", text: "201", correct: false },
          { id: "i4o", text: "210", correct: false },
          { id: "o9p", text: "256", correct: false },
          { id: "p2a", text: "225", correct: true },
        ],
      },
      feedback: { correct: "¡Correcto! 14² = 196 < 200 y 15² = 225.", incorrect: "Calcula 14² y 15²: ¿cuál es el primero que supera 200?" },
    },
  },
  {
    key: "squares-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "¿Cuántos cuadrados perfectos hay entre 1 y 100, ambos incluidos?",
      kcs: [KC.squares],
      data: { answers: ["10", "diez"] },
      feedback: { correct: "¡Exacto! 1, 4, 9, 16, 25, 36, 49, 64, 81 y 100.", incorrect: "Escribe 1², 2², 3²... hasta que te pases de 100, y cuéntalos." },
    },
  },
  {
    key: "root-exact-1",
    difficulty: 1,
    question: {
      type: "QT_7",
      prompt: "Calcula las raíces cuadradas.",
      kcs: [KC.rootExact],
      data: {
        text: "\\(\\sqrt{64} =\\) [[s3d]]\n\\(\\sqrt{81} =\\) [[f8g]]",
        gaps: [
          { id: "s3d", answers: ["8"] },
          { id: "f8g", answers: ["9"] },
        ],
      },
      feedback: { correct: "¡Bien! 8² = 64 y 9² = 81.", incorrect: "Busca el número que, multiplicado por sí mismo, da el radicando." },
    },
  },
  {
    key: "root-exact-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "\\(\\sqrt{36} = 18\\)",
      kcs: [KC.rootExact],
      data: { correct: false },
      feedback: { correct: "Correcto: \\(\\sqrt{36} = 6\\), porque 6 · 6 = 36.", incorrect: "La raíz cuadrada no es la mitad: comprueba si 18 · 18 da 36." },
    },
  },
  {
    key: "root-exact-3",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "Une cada raíz cuadrada con su valor.",
      kcs: [KC.rootExact],
      data: {
        items: [
          { id: "h1j", text: "\\(\\sqrt{144}\\)", matchId: "k4l" },
          { id: "h6z", text: "\\(\\sqrt{400}\\)", matchId: "k9x" },
          { id: "h3c", text: "\\(\\sqrt{225}\\)", matchId: "k2v" },
          { id: "h8b", text: "\\(\\sqrt{169}\\)", matchId: "k7n" },
        ],
        matches: [
          { id: "k2v", text: "15" },
          { id: "k4l", text: "12" },
          { id: "k5m", text: "14" },
          { id: "k7n", text: "13" },
          { id: "k9x", text: "20" },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Comprueba cada valor elevándolo al cuadrado." },
    },
  },
  {
    key: "root-exact-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "Un jardín cuadrado tiene una superficie de 196 m². ¿Cuánto mide su lado?",
      kcs: [KC.rootExact],
      data: {
        choices: [
          { id: "q5w", text: "49 m", correct: false },
          { id: "e2r", text: "14 m", correct: true },
          { id: "t7y", text: "98 m", correct: false },
          { id: "u3i", text: "16 m", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! 14 · 14 = 196.", incorrect: "El área de un cuadrado es lado · lado: busca un número que multiplicado por sí mismo dé 196." },
    },
  },
  {
    key: "root-exact-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Calcula \\(\\sqrt{2500}\\).",
      kcs: [KC.rootExact],
      data: { answers: ["50"] },
      feedback: { correct: "¡Exacto! 50 · 50 = 2500.", incorrect: "2500 = 25 · 100. ¿Cuál es la raíz de cada factor?" },
    },
  },
  {
    key: "root-approx-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Entre qué dos números naturales consecutivos está \\(\\sqrt{30}\\)?",
      kcs: [KC.rootApprox],
      data: {
        choices: [
          { id: "o4p", text: "Entre 4 y 5", correct: false },
          { id: "a9s", text: "Entre 5 y 6", correct: true },
          { id: "d1f", text: "Entre 6 y 7", correct: false },
          { id: "g6h", text: "Entre 15 y 16", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! 5² = 25 < 30 < 36 = 6².", incorrect: "Busca los dos cuadrados perfectos entre los que está 30." },
    },
  },
  {
    key: "root-approx-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "La raíz cuadrada entera de 90 es 9.",
      kcs: [KC.rootApprox],
      data: { correct: true },
      feedback: { correct: "Correcto: 9² = 81 ≤ 90 y 10² = 100 ya se pasa.", incorrect: "Calcula 9² y 10² y mira entre cuáles está 90." },
    },
  },
  {
    key: "root-approx-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Completa con las aproximaciones por defecto y por exceso.",
      kcs: [KC.rootApprox],
      data: {
        text: "[[j2k]] \\(< \\sqrt{70} <\\) [[l7z]]",
        gaps: [
          { id: "j2k", answers: ["8"] },
          { id: "l7z", answers: ["9"] },
        ],
      },
      feedback: { correct: "¡Muy bien! 64 < 70 < 81.", incorrect: "¿Qué cuadrados perfectos quedan justo por debajo y justo por encima de 70?" },
    },
  },
  {
    key: "root-approx-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Calcula la raíz cuadrada entera de 50 y su resto.",
      kcs: [KC.rootApprox],
      data: {
        text: "La raíz entera de 50 es [[x5c]] y el resto es [[v1b]].",
        gaps: [
          { id: "x5c", answers: ["7"] },
          { id: "v1b", answers: ["1"] },
        ],
      },
      feedback: { correct: "¡Correcto! 7² = 49 y 50 − 49 = 1.", incorrect: "El resto es lo que le falta al cuadrado de la raíz entera para llegar a 50." },
    },
  },
  {
    key: "root-approx-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Con 150 baldosas cuadradas iguales se quiere formar el cuadrado más grande posible. ¿Cuántas baldosas sobran?",
      kcs: [KC.rootApprox],
      data: { answers: ["6", "seis"] },
      feedback: { correct: "¡Exacto! El cuadrado es de 12 × 12 = 144 baldosas, y sobran 6.", incorrect: "Busca la raíz cuadrada entera de 150 y calcula el resto." },
    },
  },
];

/** Unit 2, lessons 1 and 2: multiples and divisors, and the divisibility rules. */
const MULTIPLES_AND_RULES: readonly BankQuestion[] = [
  {
    key: "multiples-1",
    difficulty: 1,
    question: {
      type: "QT_2",
      prompt: "¿Cuáles de estos números son múltiplos de 6?",
      kcs: [KC.multiples],
      data: {
        choices: [
          { id: "m3d", text: "18", correct: true },
          { id: "m8k", text: "32", correct: false },
          { id: "m1r", text: "24", correct: true },
          { id: "m6w", text: "50", correct: false },
          { id: "m4z", text: "42", correct: true },
        ],
      },
      feedback: { correct: "¡Bien! 18 = 6 · 3, 24 = 6 · 4 y 42 = 6 · 7.", incorrect: "Un múltiplo de 6 se obtiene multiplicando 6 por un número natural: repasa la tabla del 6." },
    },
  },
  {
    key: "multiples-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Todo número natural distinto de cero tiene infinitos múltiplos.",
      kcs: [KC.multiples],
      data: { correct: true },
      feedback: { correct: "Correcto: siempre puedes multiplicarlo por un número mayor.", incorrect: "¿Hay algún límite para los números por los que puedes multiplicarlo?" },
    },
  },
  {
    key: "multiples-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Completa la lista de los primeros múltiplos de 7, sin contar el cero.",
      kcs: [KC.multiples],
      data: {
        text: "7, 14, [[p5b]], [[c2n]], 35, 42",
        gaps: [
          { id: "p5b", answers: ["21"] },
          { id: "c2n", answers: ["28"] },
        ],
      },
      feedback: { correct: "¡Correcto!", incorrect: "Cada múltiplo se obtiene sumando 7 al anterior." },
    },
  },
  {
    key: "multiples-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "¿Cuál es el primer múltiplo de 13 mayor que 100?",
      kcs: [KC.multiples],
      data: {
        choices: [
          { id: "f1g", text: "103", correct: false },
          { id: "f6h", text: "113", correct: false },
          { id: "f9j", text: "104", correct: true },
          { id: "f4k", text: "117", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! 13 · 7 = 91 y 13 · 8 = 104.", incorrect: "Divide 100 entre 13 y prueba con el siguiente número entero." },
    },
  },
  {
    key: "multiples-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "¿Cuántos múltiplos de 8 hay entre 1 y 100?",
      kcs: [KC.multiples],
      data: { answers: ["12", "doce"] },
      feedback: { correct: "¡Exacto! Van de 8 · 1 = 8 a 8 · 12 = 96.", incorrect: "¿Por qué número hay que multiplicar 8 para acercarse lo más posible a 100 sin pasarse?" },
    },
  },
  {
    key: "divisors-1",
    difficulty: 1,
    question: {
      type: "QT_2",
      prompt: "¿Cuáles de estos números son divisores de 24?",
      kcs: [KC.divisors],
      data: {
        choices: [
          { id: "d5a", text: "3", correct: true },
          { id: "d2s", text: "5", correct: false },
          { id: "d8f", text: "8", correct: true },
          { id: "d3g", text: "16", correct: false },
          { id: "d7h", text: "12", correct: true },
          { id: "d1j", text: "7", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! 24 se puede dividir exactamente entre 3, 8 y 12.", incorrect: "Un divisor de 24 divide a 24 con resto 0: prueba cada división." },
    },
  },
  {
    key: "divisors-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "El 1 es divisor de todos los números naturales.",
      kcs: [KC.divisors],
      data: { correct: true },
      feedback: { correct: "Correcto: cualquier número dividido entre 1 da resto 0.", incorrect: "Divide algunos números entre 1 y mira el resto." },
    },
  },
  {
    key: "divisors-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Completa la lista ordenada de los divisores de 36.",
      kcs: [KC.divisors],
      data: {
        text: "1, 2, 3, [[k8l]], 6, [[z3x]], 12, 18, 36",
        gaps: [
          { id: "k8l", answers: ["4"] },
          { id: "z3x", answers: ["9"] },
        ],
      },
      feedback: { correct: "¡Muy bien! Los divisores van por parejas: 1 · 36, 2 · 18, 3 · 12, 4 · 9, 6 · 6.", incorrect: "Busca parejas de números cuyo producto sea 36." },
    },
  },
  {
    key: "divisors-4",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "¿Cuántos divisores tiene el número 30?",
      kcs: [KC.divisors],
      data: { answers: ["8", "ocho"] },
      feedback: { correct: "¡Exacto! 1, 2, 3, 5, 6, 10, 15 y 30.", incorrect: "Busca las parejas de números que multiplicados dan 30, empezando por 1 · 30." },
    },
  },
  {
    key: "divisors-5",
    difficulty: 3,
    question: {
      type: "QT_1",
      prompt: "¿Cuál de estos números tiene exactamente 9 divisores?",
      kcs: [KC.divisors],
      data: {
        choices: [
          { id: "c6v", text: "24", correct: false },
          { id: "c1b", text: "36", correct: true },
          { id: "c8n", text: "30", correct: false },
          { id: "c4m", text: "48", correct: false },
        ],
      },
      feedback: {
        correct: "¡Excelente! 36 es un cuadrado perfecto: el 6 forma pareja consigo mismo y el total es impar.",
        incorrect: "Los divisores van por parejas; para que salga un número impar de divisores, uno tiene que formar pareja consigo mismo.",
      },
    },
  },
  {
    key: "relation-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Como \\(45 = 9 \\cdot 5\\), ¿qué afirmación es correcta?",
      kcs: [KC.relation],
      data: {
        choices: [
          { id: "e7q", text: "9 es múltiplo de 45", correct: false },
          { id: "e2w", text: "45 es divisor de 5", correct: false },
          { id: "e9r", text: "45 es múltiplo de 9", correct: true },
          { id: "e4t", text: "5 es múltiplo de 45", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Y también 9 es divisor de 45.", incorrect: "El número grande es el múltiplo; el pequeño que cabe exactamente en él es el divisor." },
    },
  },
  {
    key: "relation-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Si 7 es divisor de 56, entonces 56 es múltiplo de 7.",
      kcs: [KC.relation],
      data: { correct: true },
      feedback: { correct: "Correcto: ser divisor y ser múltiplo son las dos caras de la misma relación.", incorrect: "Piensa en 56 = 7 · 8: ¿qué es 56 respecto de 7?" },
    },
  },
  {
    key: "relation-3",
    difficulty: 2,
    question: {
      type: "QT_5",
      prompt: "Indica si los números de cada pareja están relacionados por divisibilidad, es decir, si uno es múltiplo del otro.",
      kcs: [KC.relation],
      data: {
        rows: [
          { id: "y5u", text: "84 y 12", correctColumnId: "yes" },
          { id: "y2i", text: "84 y 16", correctColumnId: "no" },
          { id: "y8o", text: "91 y 7", correctColumnId: "yes" },
          { id: "y3p", text: "100 y 15", correctColumnId: "no" },
          { id: "y6a", text: "65 y 13", correctColumnId: "yes" },
        ],
        columns: [
          { id: "yes", text: "Sí" },
          { id: "no", text: "No" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Divide el mayor entre el menor: si el resto es 0, están relacionados." },
    },
  },
  {
    key: "relation-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Completa.",
      kcs: [KC.relation],
      data: {
        text: "Al dividir 72 entre 8, el resto es [[s4d]]. Por tanto, 72 es [[f9g]] de 8, y 8 es [[h2j]] de 72.",
        gaps: [
          { id: "s4d", answers: ["0", "cero"] },
          { id: "f9g", answers: ["múltiplo"] },
          { id: "h2j", answers: ["divisor"] },
        ],
      },
      feedback: { correct: "¡Correcto!", incorrect: "Una división exacta relaciona los dos números: el dividendo es uno de ellos y el divisor, el otro." },
    },
  },
  {
    key: "relation-5",
    difficulty: 3,
    question: {
      type: "QT_3",
      prompt: "Si un número es múltiplo de 12, también es múltiplo de 4.",
      kcs: [KC.relation],
      data: { correct: true },
      feedback: { correct: "Correcto: si n = 12 · k, entonces n = 4 · (3 · k).", incorrect: "Piensa en la relación entre 12 y 4, y prueba con 24, 36, 48..." },
    },
  },
  {
    key: "last-digit-1",
    difficulty: 1,
    question: {
      type: "QT_2",
      prompt: "¿Cuáles de estos números son divisibles por 2?",
      kcs: [KC.lastDigit],
      data: {
        choices: [
          { id: "l4k", text: "346", correct: true },
          { id: "l9z", text: "725", correct: false },
          { id: "l2x", text: "1008", correct: true },
          { id: "l7c", text: "91", correct: false },
          { id: "l5v", text: "5550", correct: true },
        ],
      },
      feedback: { correct: "¡Bien! Todos terminan en cifra par.", incorrect: "Mira solo la última cifra de cada número." },
    },
  },
  {
    key: "last-digit-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Un número es divisible por 10 si su última cifra es 0.",
      kcs: [KC.lastDigit],
      data: { correct: true },
      feedback: { correct: "Correcto: 10, 20, 130, 4570... todos terminan en 0.", incorrect: "Escribe algunos múltiplos de 10 y fíjate en cómo terminan." },
    },
  },
  {
    key: "last-digit-3",
    difficulty: 2,
    question: {
      type: "QT_5",
      prompt: "Indica por cuáles de estos números es divisible cada uno.",
      kcs: [KC.lastDigit],
      data: {
        rows: [
          { id: "b4n", text: "430", correctColumnId: "both" },
          { id: "b9m", text: "745", correctColumnId: "five" },
          { id: "b2q", text: "912", correctColumnId: "two" },
          { id: "b7w", text: "1001", correctColumnId: "none" },
          { id: "b5e", text: "2350", correctColumnId: "both" },
        ],
        columns: [
          { id: "two", text: "Solo por 2" },
          { id: "five", text: "Solo por 5" },
          { id: "both", text: "Por 2 y por 5" },
          { id: "none", text: "Por ninguno" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Por 2: termina en cifra par. Por 5: termina en 0 o en 5." },
    },
  },
  {
    key: "last-digit-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Escribe la cifra que falta para que el número sea divisible por 5 pero no por 2.",
      kcs: [KC.lastDigit],
      data: { text: "73[[r8t]]", gaps: [{ id: "r8t", answers: ["5"] }] },
      feedback: { correct: "¡Correcto! 735 termina en 5: es divisible por 5 y es impar.", incorrect: "¿En qué cifras termina un múltiplo de 5? ¿Cuál de ellas no es par?" },
    },
  },
  {
    key: "last-digit-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "¿Cuántos números entre 1 y 100 son divisibles por 2 y por 5 a la vez?",
      kcs: [KC.lastDigit],
      data: { answers: ["10", "diez"] },
      feedback: { correct: "¡Exacto! Son los que terminan en 0: 10, 20, ..., 100.", incorrect: "Un número divisible por 2 y por 5 a la vez, ¿en qué cifra tiene que terminar?" },
    },
  },
  {
    key: "digit-sum-1",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "El número 123 es divisible por 3.",
      kcs: [KC.digitSum],
      data: { correct: true },
      feedback: { correct: "Correcto: 1 + 2 + 3 = 6, que es múltiplo de 3.", incorrect: "Suma sus cifras y comprueba si el resultado es múltiplo de 3." },
    },
  },
  {
    key: "digit-sum-2",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cuál de estos números es divisible por 9?",
      kcs: [KC.digitSum],
      data: {
        choices: [
          { id: "n2b", text: "4517", correct: false },
          { id: "n7v", text: "3333", correct: false },
          { id: "n5c", text: "1234", correct: false },
          { id: "n9x", text: "4518", correct: true },
        ],
      },
      feedback: { correct: "¡Bien! 4 + 5 + 1 + 8 = 18, múltiplo de 9.", incorrect: "Suma las cifras de cada número: debe dar un múltiplo de 9." },
    },
  },
  {
    key: "digit-sum-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica cada número según su divisibilidad por 3 y por 9.",
      kcs: [KC.digitSum],
      data: {
        categories: [
          { id: "g9", text: "Divisible por 3 y por 9" },
          { id: "g3", text: "Divisible por 3, pero no por 9" },
          { id: "g0", text: "No divisible por 3" },
        ],
        items: [
          { id: "t5r", text: "729", categoryId: "g9" },
          { id: "t1e", text: "411", categoryId: "g3" },
          { id: "t8w", text: "505", categoryId: "g0" },
          { id: "t3q", text: "2016", categoryId: "g9" },
          { id: "t6y", text: "1002", categoryId: "g3" },
          { id: "t2u", text: "818", categoryId: "g0" },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Suma las cifras: si la suma es múltiplo de 9 también lo es de 3, pero no al revés." },
    },
  },
  {
    key: "digit-sum-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Escribe la menor cifra posible para que el número sea divisible por 3.",
      kcs: [KC.digitSum],
      data: { text: "5[[w6e]]2", gaps: [{ id: "w6e", answers: ["2"] }] },
      feedback: { correct: "¡Correcto! 5 + 2 + 2 = 9, múltiplo de 3.", incorrect: "Las otras cifras suman 7: ¿cuánto le falta para llegar al siguiente múltiplo de 3?" },
    },
  },
  {
    key: "digit-sum-5",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "Todo número divisible por 3 es también divisible por 9.",
      kcs: [KC.digitSum],
      data: { correct: false },
      feedback: { correct: "Correcto: 12 es divisible por 3 pero no por 9. Al revés sí se cumple.", incorrect: "Busca un múltiplo de 3 pequeño y comprueba si lo es también de 9." },
    },
  },
  {
    key: "digit-sum-6",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "¿Qué cifra hay que poner en lugar de la letra a para que el número 3a57 sea divisible por 9?",
      kcs: [KC.digitSum],
      data: { answers: ["3", "tres"] },
      feedback: { correct: "¡Exacto! 3 + 3 + 5 + 7 = 18.", incorrect: "Las cifras conocidas suman 15: ¿cuál es el siguiente múltiplo de 9?" },
    },
  },
  {
    key: "eleven-1",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "El número 121 es divisible por 11.",
      kcs: [KC.eleven],
      data: { correct: true },
      feedback: { correct: "Correcto: (1 + 1) − 2 = 0. De hecho, 121 = 11 · 11.", incorrect: "Suma las cifras de lugar impar, resta las de lugar par y mira si da 0 o un múltiplo de 11." },
    },
  },
  {
    key: "eleven-2",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "¿Cuál de estos números es divisible por 11?",
      kcs: [KC.eleven],
      data: {
        choices: [
          { id: "k3j", text: "1234", correct: false },
          { id: "k8h", text: "2816", correct: true },
          { id: "k1g", text: "7283", correct: false },
          { id: "k6f", text: "9090", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! (6 + 8) − (1 + 2) = 11.", incorrect: "Desde las unidades, suma las cifras de lugar impar y las de lugar par por separado, y réstalas." },
    },
  },
  {
    key: "eleven-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Aplica el criterio de divisibilidad por 11 al número 8294.",
      kcs: [KC.eleven],
      data: {
        text: "Cifras de lugar impar (desde las unidades): 4 + 2 = [[a1s]]. Cifras de lugar par: 9 + 8 = [[d5f]]. Diferencia: [[g8h]]. ¿Es divisible por 11? [[j3k]]",
        gaps: [
          { id: "a1s", answers: ["6"] },
          { id: "d5f", answers: ["17"] },
          { id: "g8h", answers: ["11", "-11", "−11"] },
          { id: "j3k", answers: ["sí", "si"] },
        ],
        accentSensitive: false,
      },
      feedback: { correct: "¡Muy bien! La diferencia es 11, así que 8294 es múltiplo de 11 (11 · 754).", incorrect: "Resta la suma menor de la mayor; si sale 0 o un múltiplo de 11, es divisible." },
    },
  },
  {
    key: "eleven-4",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica los números según sean divisibles por 11 o no.",
      kcs: [KC.eleven],
      data: {
        categories: [
          { id: "e11", text: "Divisible por 11" },
          { id: "n11", text: "No divisible por 11" },
        ],
        items: [
          { id: "v2b", text: "209", categoryId: "e11" },
          { id: "v7n", text: "505", categoryId: "n11" },
          { id: "v4m", text: "352", categoryId: "e11" },
          { id: "v9q", text: "2020", categoryId: "n11" },
          { id: "v1w", text: "1111", categoryId: "e11" },
          { id: "v6e", text: "916", categoryId: "n11" },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Para cada número, resta la suma de las cifras de lugar par de la de lugar impar." },
    },
  },
  {
    key: "eleven-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "¿Qué cifra hay que poner en lugar de la letra a para que el número 7a4 sea divisible por 11?",
      kcs: [KC.eleven],
      data: { answers: ["0", "cero"] },
      feedback: { correct: "¡Exacto! 704: (4 + 7) − 0 = 11, y 704 = 11 · 64.", incorrect: "Las cifras de lugar impar suman 4 + 7 = 11. ¿Qué cifra de lugar par deja una diferencia de 0 o de 11?" },
    },
  },
];

/** Unit 2, lessons 3 and 4: primes, the sieve, factorisation, gcd and lcm. */
const PRIMES_GCD_LCM: readonly BankQuestion[] = [
  {
    key: "primes-1",
    difficulty: 1,
    question: {
      type: "QT_2",
      prompt: "¿Cuáles de estos números son primos?",
      kcs: [KC.primes],
      data: {
        choices: [
          { id: "p2a", text: "2", correct: true },
          { id: "p9s", text: "9", correct: false },
          { id: "p4d", text: "13", correct: true },
          { id: "p7f", text: "21", correct: false },
          { id: "p1g", text: "29", correct: true },
          { id: "p6h", text: "1", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! 2, 13 y 29 solo son divisibles por 1 y por sí mismos.", incorrect: "Un número primo tiene exactamente dos divisores. Busca otros divisores en cada número." },
    },
  },
  {
    key: "primes-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "El número 1 es primo.",
      kcs: [KC.primes],
      data: { correct: false },
      feedback: { correct: "Correcto: el 1 solo tiene un divisor, así que no es primo ni compuesto.", incorrect: "Recuerda cuántos divisores debe tener exactamente un número primo." },
    },
  },
  {
    key: "primes-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica los números en primos y compuestos.",
      kcs: [KC.primes],
      data: {
        categories: [
          { id: "pr", text: "Primo" },
          { id: "cp", text: "Compuesto" },
        ],
        items: [
          { id: "j2k", text: "17", categoryId: "pr" },
          { id: "j7l", text: "27", categoryId: "cp" },
          { id: "j4z", text: "31", categoryId: "pr" },
          { id: "j9x", text: "51", categoryId: "cp" },
          { id: "j1c", text: "57", categoryId: "cp" },
          { id: "j6v", text: "59", categoryId: "pr" },
          { id: "j3b", text: "91", categoryId: "cp" },
        ],
      },
      feedback: { correct: "¡Muy bien! 51 = 3 · 17, 57 = 3 · 19 y 91 = 7 · 13.", incorrect: "Prueba a dividir cada número entre 2, 3, 5 y 7. Cuidado con los que parecen primos." },
    },
  },
  {
    key: "primes-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "¿Por qué 39 es un número compuesto?",
      kcs: [KC.primes],
      data: {
        choices: [
          { id: "w3e", text: "Porque es impar", correct: false },
          { id: "w8r", text: "Porque termina en 9", correct: false },
          { id: "w5t", text: "Porque, además de 1 y 39, tiene otros divisores: 3 y 13", correct: true },
          { id: "w1y", text: "Porque es mayor que 30", correct: false },
        ],
      },
      feedback: { correct: "¡Correcto! 39 = 3 · 13.", incorrect: "Ser compuesto depende de cuántos divisores tiene el número, no de cómo termina." },
    },
  },
  {
    key: "primes-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "¿Cuál es el menor número primo mayor que 90?",
      kcs: [KC.primes],
      data: { answers: ["97"] },
      feedback: { correct: "¡Exacto! 91 = 7 · 13, 93 = 3 · 31 y 95 = 5 · 19; 97 es primo.", incorrect: "Descarta los pares y prueba los impares 91, 93, 95... dividiendo entre 3, 5 y 7." },
    },
  },
  {
    key: "sieve-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "En la criba de Eratóstenes, después de rodear el 2, ¿qué números se tachan?",
      kcs: [KC.sieve],
      data: {
        choices: [
          { id: "u6i", text: "Todos los números impares", correct: false },
          { id: "u2o", text: "Los múltiplos de 2 mayores que 2", correct: true },
          { id: "u9p", text: "Los divisores de 2", correct: false },
          { id: "u4a", text: "Los números que terminan en 2", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Ninguno de ellos puede ser primo: son divisibles por 2.", incorrect: "Se tachan los números que seguro que no son primos porque el 2 es divisor suyo." },
    },
  },
  {
    key: "sieve-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "En la criba de Eratóstenes, los números que quedan sin tachar al final son los números primos.",
      kcs: [KC.sieve],
      data: { correct: true },
      feedback: { correct: "Correcto: no son múltiplos de ningún número menor que ellos, salvo del 1.", incorrect: "Piensa en qué tienen en común los números que se van tachando." },
    },
  },
  {
    key: "sieve-3",
    difficulty: 1,
    question: {
      type: "QT_7",
      prompt: "Completa la lista de los números primos menores que 20.",
      kcs: [KC.sieve, KC.primes],
      data: {
        text: "2, 3, 5, 7, [[s1d]], 13, [[f7g]], 19",
        gaps: [
          { id: "s1d", answers: ["11"] },
          { id: "f7g", answers: ["17"] },
        ],
      },
      feedback: { correct: "¡Correcto!", incorrect: "Revisa uno a uno los impares que faltan y descarta los que son múltiplos de 3." },
    },
  },
  {
    key: "sieve-4",
    difficulty: 2,
    question: {
      type: "QT_15",
      prompt: "Ordena los pasos de la criba de Eratóstenes para hallar los primos menores que 100.",
      kcs: [KC.sieve],
      data: {
        items: [
          { id: "z4q", text: "Escribe los números del 2 al 100." },
          { id: "z9w", text: "Rodea el 2 y tacha todos sus múltiplos." },
          { id: "z2e", text: "Rodea el 3, el primer número sin tachar, y tacha sus múltiplos." },
          { id: "z7r", text: "Repite el proceso con el 5 y con el 7." },
          { id: "z5t", text: "Rodea todos los números que han quedado sin tachar: son los primos." },
        ],
      },
      feedback: { correct: "¡Muy bien ordenado!", incorrect: "Primero se preparan los números; después se va tachando con cada primo, del menor al mayor." },
    },
  },
  {
    key: "sieve-5",
    difficulty: 2,
    question: {
      type: "QT_2",
      prompt: "Al tachar los múltiplos de 3 en la criba (con los múltiplos de 2 ya tachados), ¿cuáles de estos números se tachan por primera vez?",
      kcs: [KC.sieve],
      data: {
        choices: [
          { id: "h3y", text: "9", correct: true },
          { id: "h8u", text: "12", correct: false },
          { id: "h1i", text: "15", correct: true },
          { id: "h6o", text: "18", correct: false },
          { id: "h2p", text: "21", correct: true },
          { id: "h7a", text: "25", correct: false },
        ],
      },
      feedback: { correct: "¡Correcto! Son múltiplos de 3 impares.", incorrect: "Un número que ya estaba tachado por ser par no se tacha por primera vez. ¿Y el 25?" },
    },
  },
  {
    key: "sieve-6",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Al hacer la criba hasta el 100, ¿cuál es el mayor número primo cuyos múltiplos hay que tachar? Después de él, todos los que quedan son primos.",
      kcs: [KC.sieve],
      data: { answers: ["7", "siete"] },
      feedback: {
        correct: "¡Exacto! El siguiente primo es 11, y 11 · 11 = 121 ya pasa de 100.",
        incorrect: "El primer múltiplo de un primo que aún no está tachado es su cuadrado. ¿Qué primo tiene el cuadrado mayor que 100?",
      },
    },
  },
  {
    key: "factor-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cuál es la descomposición en factores primos de 12?",
      kcs: [KC.factor],
      data: {
        choices: [
          { id: "f5s", text: "\\(2 \\cdot 6\\)", correct: false },
          { id: "f2d", text: "\\(3 \\cdot 4\\)", correct: false },
          { id: "f8f", text: "\\(2^2 \\cdot 3\\)", correct: true },
          { id: "f3g", text: "\\(2 \\cdot 3^2\\)", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! 2 · 2 · 3 = 12, y todos los factores son primos.", incorrect: "Todos los factores tienen que ser primos, y su producto, 12." },
    },
  },
  {
    key: "factor-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "La descomposición en factores primos de 30 es \\(2 \\cdot 3 \\cdot 5\\).",
      kcs: [KC.factor],
      data: { correct: true },
      feedback: { correct: "Correcto: 2 · 3 · 5 = 30 y los tres son primos.", incorrect: "Multiplica los factores y comprueba si todos son primos." },
    },
  },
  {
    key: "factor-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Descompón 72 en factores primos: \\(72 = 2^a \\cdot 3^b\\). Escribe los exponentes.",
      kcs: [KC.factor],
      data: {
        text: "a = [[x4c]], b = [[v9b]]",
        gaps: [
          { id: "x4c", answers: ["3"] },
          { id: "v9b", answers: ["2"] },
        ],
      },
      feedback: { correct: "¡Muy bien! \\(72 = 8 \\cdot 9 = 2^3 \\cdot 3^2\\).", incorrect: "Divide 72 entre 2 tantas veces como puedas y, después, entre 3." },
    },
  },
  {
    key: "factor-4",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "Une cada número con su descomposición en factores primos.",
      kcs: [KC.factor],
      data: {
        items: [
          { id: "a3n", text: "18", matchId: "b6m" },
          { id: "a8q", text: "20", matchId: "b1w" },
          { id: "a5e", text: "45", matchId: "b9r" },
          { id: "a2t", text: "50", matchId: "b4y" },
        ],
        matches: [
          { id: "b1w", text: "\\(2^2 \\cdot 5\\)" },
          { id: "b4y", text: "\\(2 \\cdot 5^2\\)" },
          { id: "b6m", text: "\\(2 \\cdot 3^2\\)" },
          { id: "b7u", text: "\\(2^2 \\cdot 3^2\\)" },
          { id: "b9r", text: "\\(3^2 \\cdot 5\\)" },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Calcula el valor de cada descomposición multiplicando sus factores." },
    },
  },
  {
    key: "factor-5",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "¿Qué número tiene esta descomposición en factores primos: \\(2^3 \\cdot 3 \\cdot 7\\)?",
      kcs: [KC.factor],
      data: { answers: ["168"] },
      feedback: { correct: "¡Exacto! 8 · 3 · 7 = 168.", incorrect: "Calcula primero la potencia y luego multiplica todos los factores." },
    },
  },
  {
    key: "factor-6",
    difficulty: 3,
    question: {
      type: "QT_1",
      prompt: "¿Cuál es la descomposición en factores primos de 360?",
      kcs: [KC.factor],
      data: {
        choices: [
          { id: "q2z", text: "\\(2^2 \\cdot 3^2 \\cdot 10\\)", correct: false },
          { id: "q7x", text: "\\(2^3 \\cdot 3^2 \\cdot 5\\)", correct: true },
          { id: "q4c", text: "\\(2^3 \\cdot 3 \\cdot 15\\)", correct: false },
          { id: "q9v", text: "\\(2^4 \\cdot 3^2 \\cdot 5\\)", correct: false },
        ],
      },
      feedback: { correct: "¡Excelente! 8 · 9 · 5 = 360.", incorrect: "Descarta las que tienen factores que no son primos y comprueba el producto de las demás." },
    },
  },
  {
    key: "gcd-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cuál es el máximo común divisor de 12 y 18?",
      kcs: [KC.gcd],
      data: {
        choices: [
          { id: "g3b", text: "3", correct: false },
          { id: "g8n", text: "36", correct: false },
          { id: "g1m", text: "6", correct: true },
          { id: "g6q", text: "2", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! 6 divide a 12 y a 18, y no hay ninguno mayor que lo haga.", incorrect: "Escribe los divisores de 12 y de 18 y busca el mayor que se repite." },
    },
  },
  {
    key: "gcd-2",
    difficulty: 1,
    question: {
      type: "QT_7",
      prompt: "Observa los divisores y completa.",
      kcs: [KC.gcd],
      data: {
        text: "Divisores de 16: 1, 2, 4, 8, 16.\nDivisores de 24: 1, 2, 3, 4, 6, 8, 12, 24.\nm.c.d.(16, 24) = [[w5e]]",
        gaps: [{ id: "w5e", answers: ["8"] }],
      },
      feedback: { correct: "¡Correcto!", incorrect: "Busca el mayor número que aparece en las dos listas." },
    },
  },
  {
    key: "gcd-3",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Calcula el máximo común divisor.",
      kcs: [KC.gcd],
      data: { text: "m.c.d.(36, 60) = [[r2t]]", gaps: [{ id: "r2t", answers: ["12"] }] },
      feedback: { correct: "¡Muy bien! \\(36 = 2^2 \\cdot 3^2\\) y \\(60 = 2^2 \\cdot 3 \\cdot 5\\).", incorrect: "Descompón los dos números y toma los factores comunes con el menor exponente." },
    },
  },
  {
    key: "gcd-4",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "Si dos números no tienen ningún factor primo en común, su máximo común divisor es 1.",
      kcs: [KC.gcd],
      data: { correct: true },
      feedback: { correct: "Correcto: se llaman primos entre sí, como 8 y 15.", incorrect: "Prueba con 8 y 15: ¿qué divisores tienen en común?" },
    },
  },
  {
    key: "gcd-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Sabiendo que \\(84 = 2^2 \\cdot 3 \\cdot 7\\) y \\(90 = 2 \\cdot 3^2 \\cdot 5\\), calcula m.c.d.(84, 90).",
      kcs: [KC.gcd, KC.factor],
      data: { answers: ["6"] },
      feedback: { correct: "¡Exacto! Factores comunes con el menor exponente: 2 · 3 = 6.", incorrect: "Toma solo los factores que aparecen en las dos descomposiciones, con el menor exponente." },
    },
  },
  {
    key: "lcm-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cuál es el mínimo común múltiplo de 4 y 6?",
      kcs: [KC.lcm],
      data: {
        choices: [
          { id: "l8w", text: "24", correct: false },
          { id: "l3e", text: "12", correct: true },
          { id: "l6r", text: "2", correct: false },
          { id: "l1t", text: "10", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! 12 es el primer número que está en la tabla del 4 y en la del 6.", incorrect: "Escribe los primeros múltiplos de 4 y de 6 y busca el menor que se repite." },
    },
  },
  {
    key: "lcm-2",
    difficulty: 1,
    question: {
      type: "QT_7",
      prompt: "Observa los múltiplos y completa.",
      kcs: [KC.lcm],
      data: {
        text: "Múltiplos de 6: 6, 12, 18, 24, 30, 36...\nMúltiplos de 9: 9, 18, 27, 36, 45...\nm.c.m.(6, 9) = [[y7u]]",
        gaps: [{ id: "y7u", answers: ["18"] }],
      },
      feedback: { correct: "¡Correcto!", incorrect: "Busca el menor número, distinto de cero, que aparece en las dos listas." },
    },
  },
  {
    key: "lcm-3",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "El mínimo común múltiplo de dos números es siempre mayor o igual que el mayor de ellos.",
      kcs: [KC.lcm],
      data: { correct: true },
      feedback: { correct: "Correcto: tiene que ser múltiplo del mayor, así que no puede ser más pequeño que él.", incorrect: "¿Puede un múltiplo de 10 ser menor que 10 (sin contar el cero)?" },
    },
  },
  {
    key: "lcm-4",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "Sabiendo que \\(20 = 2^2 \\cdot 5\\) y \\(30 = 2 \\cdot 3 \\cdot 5\\), calcula m.c.m.(20, 30).",
      kcs: [KC.lcm, KC.factor],
      data: { answers: ["60"] },
      feedback: { correct: "¡Exacto! \\(2^2 \\cdot 3 \\cdot 5 = 60\\).", incorrect: "Toma los factores comunes y no comunes, cada uno con el mayor exponente." },
    },
  },
  {
    key: "lcm-5",
    difficulty: 3,
    question: {
      type: "QT_9",
      prompt: "Calcula el mínimo común múltiplo de tres números.",
      kcs: [KC.lcm],
      data: { text: "m.c.m.(8, 12, 18) = [[i4o]]", gaps: [{ id: "i4o", answers: ["72"] }] },
      feedback: { correct: "¡Muy bien! \\(2^3 \\cdot 3^2 = 72\\).", incorrect: "Descompón los tres números y toma cada factor primo con el mayor exponente que aparezca." },
    },
  },
  {
    key: "problems-1",
    difficulty: 1,
    question: {
      type: "QT_13",
      prompt: "¿Qué hay que calcular para resolver cada problema?",
      kcs: [KC.problems],
      data: {
        categories: [
          { id: "mcd", text: "El m.c.d." },
          { id: "mcm", text: "El m.c.m." },
        ],
        items: [
          { id: "o3p", text: "Cortar dos cintas de 30 y 45 cm en trozos iguales lo más largos posible.", categoryId: "mcd" },
          { id: "o8a", text: "Dos faros se encienden cada 8 y cada 12 segundos: ¿cuándo vuelven a coincidir?", categoryId: "mcm" },
          { id: "o1s", text: "Repartir 24 lápices y 36 gomas en el mayor número de lotes iguales.", categoryId: "mcd" },
          { id: "o6d", text: "El menor número de caramelos que se puede repartir en bolsas de 6 o de 10 sin que sobre ninguno.", categoryId: "mcm" },
        ],
      },
      feedback: {
        correct: "¡Bien! Repartir o cortar en partes iguales lo más grandes posible: m.c.d. Coincidir de nuevo: m.c.m.",
        incorrect: "¿El resultado debe ser más pequeño que los datos (un trozo, un lote) o más grande (un momento futuro, una cantidad total)?",
      },
    },
  },
  {
    key: "problems-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Para saber cada cuánto tiempo coinciden dos alarmas que suenan cada 15 y cada 20 minutos, hay que calcular el m.c.d.(15, 20).",
      kcs: [KC.problems],
      data: { correct: false },
      feedback: { correct: "Correcto: se calcula el m.c.m.(15, 20) = 60; coinciden cada hora.", incorrect: "El momento en que coinciden tiene que ser un múltiplo de 15 y de 20 a la vez." },
    },
  },
  {
    key: "problems-3",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "Dos autobuses salen a la vez de la estación. Uno sale cada 12 minutos y el otro cada 18. ¿Dentro de cuántos minutos volverán a salir juntos?",
      kcs: [KC.problems, KC.lcm],
      data: {
        choices: [
          { id: "x5f", text: "6 minutos", correct: false },
          { id: "x2g", text: "30 minutos", correct: false },
          { id: "x9h", text: "216 minutos", correct: false },
          { id: "x4j", text: "36 minutos", correct: true },
        ],
      },
      feedback: { correct: "¡Bien! m.c.m.(12, 18) = 36.", incorrect: "Buscas un tiempo que sea a la vez múltiplo de 12 y de 18, el menor posible." },
    },
  },
  {
    key: "problems-4",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "Tenemos 24 lápices rojos y 36 azules y queremos hacer el mayor número posible de lotes iguales sin que sobre ninguno. ¿Cuántos lotes haremos?",
      kcs: [KC.problems, KC.gcd],
      data: { answers: ["12", "doce"] },
      feedback: { correct: "¡Exacto! m.c.d.(24, 36) = 12: cada lote lleva 2 rojos y 3 azules.", incorrect: "El número de lotes tiene que dividir exactamente a 24 y a 36, y ser el mayor posible." },
    },
  },
  {
    key: "problems-5",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "Ana va a la piscina cada 4 días y Luis, cada 6. Hoy han coincidido. ¿Dentro de cuántos días volverán a coincidir?",
      kcs: [KC.problems],
      data: { answers: ["12", "doce"] },
      feedback: { correct: "¡Correcto! m.c.m.(4, 6) = 12.", incorrect: "Escribe los días en que va cada uno (4, 8, 12... y 6, 12...) y busca el primero común." },
    },
  },
  {
    key: "problems-6",
    difficulty: 3,
    question: {
      type: "QT_9",
      prompt:
        "Un carpintero tiene dos listones de 90 cm y 120 cm. Quiere cortarlos en trozos iguales, lo más largos posible, sin que sobre madera. Completa.",
      kcs: [KC.problems, KC.gcd],
      data: {
        text: "Cada trozo medirá [[c6v]] cm y obtendrá [[b1n]] trozos en total.",
        gaps: [
          { id: "c6v", answers: ["30"] },
          { id: "b1n", answers: ["7"] },
        ],
      },
      feedback: { correct: "¡Excelente! m.c.d.(90, 120) = 30; 90 : 30 = 3 y 120 : 30 = 4 trozos.", incorrect: "La longitud del trozo debe dividir a 90 y a 120. Después cuenta los trozos de cada listón." },
    },
  },
];

export const MATHS_BANK: readonly BankQuestion[] = [...NUMERATION, ...OPERATIONS, ...POWERS_AND_ROOTS, ...MULTIPLES_AND_RULES, ...PRIMES_GCD_LCM];
