/** A lesson handout: one section per page. Text must stay within WinAnsi (no √, π or ≥). */
export type PdfLesson = {
  title: string;
  subject: string;
  author: string;
  /** BCP 47 tag of the document language. */
  language: string;
  pages: ReadonlyArray<{ heading: string; paragraphs: readonly string[]; list?: { title: string; items: readonly string[] } }>;
  footer: (page: number, total: number) => string;
};

const esFooter = (page: number, total: number) => `Matemáticas 1º ESO · Página ${page} de ${total}`;

/** Matemáticas 1º ESO, unit 1, lesson 1: notes on number systems. */
export const NUMERATION_PDF: PdfLesson = {
  title: "Sistemas de numeración: apuntes",
  subject: "Matemáticas 1º ESO · Números naturales",
  author: "Aula Digital",
  language: "es-ES",
  footer: esFooter,
  pages: [
    {
      heading: "1. El sistema de numeración decimal",
      paragraphs: [
        "Para escribir cualquier número natural usamos solo diez cifras: 0, 1, 2, 3, 4, 5, 6, 7, 8 y 9. Por eso decimos que nuestro sistema de numeración es decimal o de base diez.",
        "Diez unidades forman una decena, diez decenas forman una centena y diez centenas forman un millar. Cada orden de unidades vale diez veces más que el orden que tiene a su derecha.",
        "El sistema decimal es posicional: el valor de una cifra depende del lugar que ocupa. En el número 4.747, el primer 4 vale 4.000 unidades (4 unidades de millar) y el segundo 4 vale solo 40 unidades (4 decenas).",
      ],
      list: {
        title: "Ejemplo: descomposición de 30.582",
        items: [
          "30.582 = 3 decenas de millar + 0 unidades de millar + 5 centenas + 8 decenas + 2 unidades.",
          "30.582 = 30.000 + 500 + 80 + 2.",
          "El 0 es imprescindible: sin él escribiríamos 3.582, un número diez veces menor en sus primeras cifras.",
        ],
      },
    },
    {
      heading: "2. Sistemas aditivos: la numeración romana",
      paragraphs: [
        "En un sistema aditivo cada símbolo tiene siempre el mismo valor, esté donde esté, y el número se obtiene sumando los valores de sus símbolos. Los romanos usaban siete letras: I = 1, V = 5, X = 10, L = 50, C = 100, D = 500 y M = 1.000.",
        "Reglas principales: un símbolo escrito a la derecha de otro de valor igual o mayor se suma (VI = 6, XX = 20); I, X y C escritos a la izquierda de uno de los dos símbolos siguientes de mayor valor se restan (IV = 4, XL = 40, CM = 900).",
        "Los símbolos I, X, C y M pueden repetirse hasta tres veces seguidas; V, L y D no se repiten nunca. Una raya encima de un símbolo multiplica su valor por mil.",
        "La numeración romana no tiene cero ni es posicional, por eso es poco práctica para calcular. Todavía la vemos en relojes, en los siglos (siglo XXI) y en los nombres de reyes y papas.",
      ],
    },
    {
      heading: "3. Ejercicios",
      paragraphs: ["Resuelve los ejercicios en tu cuaderno. Comprueba tus respuestas con un compañero o compañera y explica cómo lo has pensado."],
      list: {
        title: "Practica",
        items: [
          "Escribe con cifras: doscientos cuatro mil treinta y seis.",
          "Escribe con letras el número 1.050.708.",
          "¿Cuánto vale la cifra 7 en cada número? 70.312, 1.700.000 y 4.007.",
          "Descompón 96.403 en sus órdenes de unidades.",
          "Escribe en números romanos: 14, 49, 390 y 2026.",
          "Escribe en nuestro sistema: XXIV, XCIX, CDXLIV y MCMXCII.",
          "¿Por qué no es correcto escribir IIII ni VV? Razona tu respuesta.",
          "Reto: ¿cuál es el mayor número que se puede escribir con tres cifras distintas? ¿Y con tres símbolos romanos distintos sin repetir ninguno?",
        ],
      },
    },
  ],
};

/** Matemáticas 1º ESO, unit 1, lesson 4: the book pages (fixed layout) on square roots. */
export const SQUARE_ROOT_PDF: PdfLesson = {
  title: "Raíz cuadrada: páginas del libro",
  subject: "Matemáticas 1º ESO · Números naturales",
  author: "Aula Digital",
  language: "es-ES",
  footer: esFooter,
  pages: [
    {
      heading: "Cuadrados perfectos",
      paragraphs: [
        "Elevar un número al cuadrado es multiplicarlo por sí mismo: 7² = 7 · 7 = 49. Los números que se obtienen así se llaman cuadrados perfectos.",
        "Los cuadrados perfectos se pueden dibujar como cuadrados de puntos o de baldosas: con 49 baldosas se forma un cuadrado de 7 baldosas de lado, pero con 50 no.",
        "Los cuadrados perfectos menores que 150 son: 0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121 y 144.",
      ],
    },
    {
      heading: "Raíz cuadrada exacta",
      paragraphs: [
        "La raíz cuadrada de un número es otro número que, elevado al cuadrado, da el primero. La raíz cuadrada de 49 es 7 porque 7² = 49. Es la operación inversa de elevar al cuadrado.",
        "Cuando el radicando es un cuadrado perfecto, la raíz es exacta. Para calcularla buscamos el número cuyo cuadrado coincide con el radicando: la raíz cuadrada de 144 es 12 porque 12 · 12 = 144.",
      ],
      list: {
        title: "Calcula",
        items: ["La raíz cuadrada de 81.", "La raíz cuadrada de 400.", "El lado de un cuadrado de 169 m² de área."],
      },
    },
    {
      heading: "Raíz cuadrada entera",
      paragraphs: [
        "Si el radicando no es un cuadrado perfecto, buscamos el mayor número cuyo cuadrado no lo supera: es la raíz entera por defecto. El resto es la diferencia entre el radicando y ese cuadrado.",
        "Ejemplo: 50 está entre 49 = 7² y 64 = 8². La raíz entera de 50 es 7 y el resto es 50 - 49 = 1. Se comprueba que radicando = raíz² + resto: 50 = 49 + 1.",
        "La raíz por exceso es una unidad mayor: 8. El resto siempre es menor o igual que el doble de la raíz entera.",
      ],
      list: {
        title: "Practica",
        items: ["Halla la raíz entera y el resto de 30, 75 y 130.", "Con 90 baldosas, ¿cuál es el mayor cuadrado que puedes formar? ¿Cuántas sobran?"],
      },
    },
  ],
};

/** Matemática 6º ano (Lumen), unit 1, lesson 1: notes in European/Brazilian Portuguese. */
export const NUMERACAO_PDF: PdfLesson = {
  title: "Sistema de numeração decimal: apontamentos",
  subject: "Matemática 6º ano · Números naturais",
  author: "Lumen Editorial",
  language: "pt-BR",
  footer: (page, total) => `Matemática 6º ano · Página ${page} de ${total}`,
  pages: [
    {
      heading: "1. Base dez e valor posicional",
      paragraphs: [
        "O nosso sistema de numeração usa dez algarismos: 0, 1, 2, 3, 4, 5, 6, 7, 8 e 9. Dez unidades formam uma dezena, dez dezenas formam uma centena e dez centenas formam um milhar.",
        "O sistema é posicional: o valor de um algarismo depende da posição que ele ocupa. No número 152, o algarismo 5 vale 50 unidades (5 dezenas) e o algarismo 2 vale 2 unidades.",
      ],
      list: { title: "Exemplo", items: ["152 = 1 centena + 5 dezenas + 2 unidades.", "152 = 100 + 50 + 2."] },
    },
    {
      heading: "2. Ordens e classes",
      paragraphs: [
        "Os algarismos são agrupados, da direita para a esquerda, em classes de três ordens: a classe das unidades simples, a classe dos milhares e a classe dos milhões.",
        "Para ler um número grande, lemos cada classe seguida do seu nome: 3 045 210 lê-se três milhões, quarenta e cinco mil, duzentos e dez.",
        "Os egípcios usavam um sistema aditivo, com símbolos para 1, 10, 100 e 1 000 repetidos tantas vezes quantas fosse preciso. Os romanos usavam letras: I, V, X, L, C, D e M.",
      ],
    },
    {
      heading: "3. Exercícios",
      paragraphs: ["Resolva no caderno e depois confira com um colega."],
      list: {
        title: "Pratique",
        items: [
          "Decomponha 7 308 em unidades, dezenas, centenas e milhares.",
          "Qual é o valor do algarismo 6 em 16 420? E em 642?",
          "Escreva por extenso o número 2 050 017.",
          "Escreva em algarismos romanos: 19, 44 e 2027.",
          "Qual é o maior número de quatro algarismos diferentes? E o menor?",
        ],
      },
    },
  ],
};
