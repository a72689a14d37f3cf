import type { BankQuestion } from "./practice-bank-types";

/*
 * Practice bank of Lumen's Matemática 6º ano (issue 15), in Brazilian Portuguese like the Lumen
 * assessment (thousands written with a point, decimals with a comma, money in reais): at least five
 * questions per KC of units 1 ("Números naturais e sistema de numeração decimal") and 2 ("Frações
 * e números decimais"), easy to hard, in auto-scored types. A wrong first try shows
 * `feedback.incorrect`, a hint that does not give the answer away. Cloze-math answers never hold a
 * thousands point (the scorer would read it as a decimal point). Local ids are arbitrary on purpose.
 */

const KC = {
  place: "MAT.NUM.PLACE",
  order: "MAT.NUM.ORDER",
  read: "MAT.NUM.READ",
  ops: "MAT.NUM.OPS",
  props: "MAT.NUM.PROPS",
  expr: "MAT.NUM.EXPR",
  multiples: "MAT.DIV.MULTIPLES",
  rules: "MAT.DIV.RULES",
  primes: "MAT.DIV.PRIMES",
  meaning: "MAT.FRA.MEANING",
  compare: "MAT.FRA.COMPARE",
  equiv: "MAT.FRA.EQUIV",
  sameDen: "MAT.FRA.SAMEDEN",
  diffDen: "MAT.FRA.DIFFDEN",
  ofQty: "MAT.FRA.OFQTY",
  fraDec: "MAT.DEC.FRADEC",
  money: "MAT.DEC.MONEY",
  percent: "MAT.PRO.PERCENT",
} as const;

/** Unit 1: the decimal numeral system, operations and expressions, multiples, divisors and primes. */
const NATURAL_NUMBERS: readonly BankQuestion[] = [
  {
    key: "place-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Qual é o algarismo da ordem das centenas de milhar no número 6.493.125?",
      kcs: [KC.place],
      data: {
        choices: [
          { id: "c6r", text: "6", correct: false },
          { id: "c4t", text: "4", correct: true },
          { id: "c9y", text: "9", correct: false },
          { id: "c1u", text: "1", correct: false },
        ],
      },
      feedback: { correct: "Isso mesmo! 6 unidades de milhão, 4 centenas de milhar...", incorrect: "Separe o número em classes: milhões, milhares e unidades simples." },
    },
  },
  {
    key: "place-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "No número 27.308, o algarismo 7 vale 7.000.",
      kcs: [KC.place],
      data: { correct: true },
      feedback: { correct: "Correto: o 7 ocupa a ordem das unidades de milhar.", incorrect: "Conte as ordens da direita para a esquerda até chegar ao 7." },
    },
  },
  {
    key: "place-3",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Complete a decomposição do número 84.205.",
      kcs: [KC.place],
      data: {
        text: "\\(84205 = 8 \\times 10000 +\\) [[d3k]] \\(\\times 1000 +\\) [[f8l]] \\(\\times 100 + 5\\)",
        gaps: [
          { id: "d3k", answers: ["4"] },
          { id: "f8l", answers: ["2"] },
        ],
      },
      feedback: { correct: "Muito bem! 8 dezenas de milhar, 4 unidades de milhar, 2 centenas, 0 dezenas e 5 unidades.", incorrect: "Escreva o algarismo que ocupa cada ordem: unidades de milhar e centenas." },
    },
  },
  {
    key: "place-4",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Classifique os números de acordo com o valor do algarismo 5 em cada um.",
      kcs: [KC.place],
      data: {
        categories: [
          { id: "v50", text: "Vale 50" },
          { id: "v500", text: "Vale 500" },
          { id: "v5k", text: "Vale 5.000" },
        ],
        items: [
          { id: "n2q", text: "1.253", categoryId: "v50" },
          { id: "n7w", text: "4.512", categoryId: "v500" },
          { id: "n4e", text: "15.032", categoryId: "v5k" },
          { id: "n9r", text: "350", categoryId: "v50" },
          { id: "n1t", text: "8.590", categoryId: "v500" },
          { id: "n6y", text: "65.100", categoryId: "v5k" },
        ],
      },
      feedback: { correct: "Ótimo! O valor do algarismo depende da posição.", incorrect: "Localize o 5 em cada número e veja que ordem ele ocupa." },
    },
  },
  {
    key: "place-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Quantas dezenas inteiras há no número 3.452?",
      kcs: [KC.place],
      data: { answers: ["345"] },
      feedback: { correct: "Exato! 3.452 = 345 dezenas e 2 unidades.", incorrect: "Não é só o algarismo das dezenas: conte também as dezenas que formam as centenas e os milhares." },
    },
  },
  {
    key: "order-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Qual é o maior número?",
      kcs: [KC.order],
      data: {
        choices: [
          { id: "o3a", text: "99.999", correct: false },
          { id: "o8s", text: "100.001", correct: false },
          { id: "o5d", text: "100.010", correct: true },
          { id: "o2f", text: "10.100", correct: false },
        ],
      },
      feedback: { correct: "Muito bem! Entre os de seis algarismos, 100.010 tem 1 dezena e 100.001 não tem.", incorrect: "Compare primeiro a quantidade de algarismos; depois, algarismo por algarismo, da esquerda para a direita." },
    },
  },
  {
    key: "order-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "87.099 é maior que 87.909.",
      kcs: [KC.order],
      data: { correct: false },
      feedback: { correct: "Correto: os dois têm 87 mil, mas 0 centenas é menos que 9 centenas.", incorrect: "Compare algarismo por algarismo, da esquerda para a direita, até achar o primeiro diferente." },
    },
  },
  {
    key: "order-3",
    difficulty: 2,
    question: {
      type: "QT_15",
      prompt: "Ordene os números do maior para o menor.",
      kcs: [KC.order],
      data: {
        items: [
          { id: "s6g", text: "505.050" },
          { id: "s1h", text: "505.005" },
          { id: "s9j", text: "500.550" },
          { id: "s4k", text: "55.550" },
          { id: "s7l", text: "50.505" },
        ],
      },
      feedback: { correct: "Perfeito!", incorrect: "Atenção: é do maior para o menor. Conte os algarismos antes de comparar." },
    },
  },
  {
    key: "order-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Complete com o sinal > ou <.",
      kcs: [KC.order],
      data: {
        text: "23.450 [[b5z]] 23.405\n9.999 [[g2x]] 10.000\n120.300 [[h8c]] 120.030",
        gaps: [
          { id: "b5z", answers: [">"] },
          { id: "g2x", answers: ["<"] },
          { id: "h8c", answers: [">"] },
        ],
      },
      feedback: { correct: "Muito bem! A abertura do sinal fica sempre do lado do número maior.", incorrect: "Procure a primeira ordem, da esquerda para a direita, em que os números são diferentes." },
    },
  },
  {
    key: "order-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Qual é o maior número de quatro algarismos diferentes que se pode formar com os algarismos 0, 3, 5 e 7?",
      kcs: [KC.order, KC.place],
      data: { answers: ["7530", "7.530"] },
      feedback: { correct: "Exato! Os algarismos em ordem decrescente: 7.530.", incorrect: "Para ser o maior, o algarismo de maior valor deve ocupar a ordem mais alta." },
    },
  },
  {
    key: "read-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Como se lê o número 3.020.500?",
      kcs: [KC.read],
      data: {
        choices: [
          { id: "l4v", text: "Três milhões, duzentos mil e quinhentos", correct: false },
          { id: "l9b", text: "Trezentos e dois mil e quinhentos", correct: false },
          { id: "l2n", text: "Três milhões, vinte mil e quinhentos", correct: true },
          { id: "l7m", text: "Três milhões, dois mil e quinhentos", correct: false },
        ],
      },
      feedback: { correct: "Isso mesmo! 3 milhões, 020 mil e 500.", incorrect: "Leia classe por classe: primeiro os milhões, depois os milhares e, por fim, as unidades simples." },
    },
  },
  {
    key: "read-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "O número “doze mil e doze” escreve-se 12.012.",
      kcs: [KC.read],
      data: { correct: true },
      feedback: { correct: "Correto: 12 na classe dos milhares e 012 na classe das unidades simples.", incorrect: "Escreva a classe dos milhares e depois a das unidades simples com três algarismos." },
    },
  },
  {
    key: "read-3",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "Escreva com algarismos: quarenta e cinco mil e oitenta.",
      kcs: [KC.read],
      data: { answers: ["45080", "45.080", "45 080"] },
      feedback: { correct: "Muito bem! 45.080.", incorrect: "A classe das unidades simples precisa de três algarismos: complete com zeros." },
    },
  },
  {
    key: "read-4",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "Relacione cada número com a sua escrita por extenso.",
      kcs: [KC.read],
      data: {
        items: [
          { id: "x3q", text: "7.007", matchId: "y8w" },
          { id: "x8w", text: "7.070", matchId: "y2e" },
          { id: "x1e", text: "7.700", matchId: "y6r" },
          { id: "x5r", text: "70.070", matchId: "y4t" },
        ],
        matches: [
          { id: "y2e", text: "sete mil e setenta" },
          { id: "y4t", text: "setenta mil e setenta" },
          { id: "y6r", text: "sete mil e setecentos" },
          { id: "y8w", text: "sete mil e sete" },
          { id: "y9y", text: "setecentos e sete" },
        ],
      },
      feedback: { correct: "Ótimo!", incorrect: "Veja em que ordem está cada 7: unidades, dezenas, centenas ou milhares." },
    },
  },
  {
    key: "read-5",
    difficulty: 3,
    question: {
      type: "QT_7",
      prompt: "Complete a leitura do número 15.204.009.",
      kcs: [KC.read],
      data: {
        text: "Quinze [[k7u]], duzentos e quatro [[z2i]] e [[c9o]].",
        gaps: [
          { id: "k7u", answers: ["milhões"] },
          { id: "z2i", answers: ["mil"] },
          { id: "c9o", answers: ["nove"] },
        ],
      },
      feedback: { correct: "Perfeito!", incorrect: "Separe as classes: 15 | 204 | 009. Leia cada uma e diga o nome da classe." },
    },
  },
  {
    key: "ops-1",
    difficulty: 1,
    question: {
      type: "QT_7",
      prompt: "Calcule.",
      kcs: [KC.ops],
      data: {
        text: "\\(458 + 367 =\\) [[a2p]]\n\\(1000 - 264 =\\) [[s7a]]",
        gaps: [
          { id: "a2p", answers: ["825"] },
          { id: "s7a", answers: ["736"] },
        ],
      },
      feedback: { correct: "Muito bem!", incorrect: "Arme as contas, alinhando as ordens, e cuidado com o “vai um” e o empréstimo." },
    },
  },
  {
    key: "ops-2",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Quanto é \\(125 \\times 8\\)?",
      kcs: [KC.ops],
      data: {
        choices: [
          { id: "m5s", text: "100", correct: false },
          { id: "m1d", text: "1.080", correct: false },
          { id: "m8f", text: "10.000", correct: false },
          { id: "m3g", text: "1.000", correct: true },
        ],
      },
      feedback: { correct: "Isso! 125 × 8 = 1.000.", incorrect: "Pense: 125 × 2 = 250, e 8 é 2 × 2 × 2." },
    },
  },
  {
    key: "ops-3",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Numa divisão, o divisor é 9, o quociente é 15 e o resto é 4. Qual é o dividendo?",
      kcs: [KC.ops],
      data: { text: "Dividendo = [[h4j]]", gaps: [{ id: "h4j", answers: ["139"] }] },
      feedback: { correct: "Exato! 9 × 15 + 4 = 139.", incorrect: "Use a relação fundamental da divisão: dividendo = divisor × quociente + resto." },
    },
  },
  {
    key: "ops-4",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "Na divisão de 100 por 7, o quociente é 14 e o resto é 2.",
      kcs: [KC.ops],
      data: { correct: true },
      feedback: { correct: "Correto: 7 × 14 = 98 e 100 − 98 = 2.", incorrect: "Faça a prova real: multiplique o quociente pelo divisor e some o resto." },
    },
  },
  {
    key: "ops-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Uma escola comprou 36 caixas com 24 lápis cada uma e distribuiu todos os lápis igualmente entre 18 turmas. Quantos lápis recebeu cada turma?",
      kcs: [KC.ops],
      data: { answers: ["48"] },
      feedback: { correct: "Muito bem! 36 × 24 = 864 lápis, e 864 ÷ 18 = 48.", incorrect: "Calcule primeiro o total de lápis e depois divida pelo número de turmas." },
    },
  },
  {
    key: "props-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Que propriedade é usada em \\(5 + 9 = 9 + 5\\)?",
      kcs: [KC.props],
      data: {
        choices: [
          { id: "p7h", text: "Associativa", correct: false },
          { id: "p2j", text: "Comutativa", correct: true },
          { id: "p9k", text: "Distributiva", correct: false },
          { id: "p4l", text: "Elemento neutro", correct: false },
        ],
      },
      feedback: { correct: "Isso! A ordem das parcelas não altera a soma.", incorrect: "Veja o que mudou de um lado para o outro da igualdade." },
    },
  },
  {
    key: "props-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "A divisão tem a propriedade comutativa.",
      kcs: [KC.props],
      data: { correct: false },
      feedback: { correct: "Correto: 8 ÷ 2 = 4, mas 2 ÷ 8 não é 4.", incorrect: "Teste com dois números, trocando a ordem: 8 ÷ 2 e 2 ÷ 8." },
    },
  },
  {
    key: "props-3",
    difficulty: 2,
    question: {
      type: "QT_5",
      prompt: "Indique a propriedade usada em cada igualdade.",
      kcs: [KC.props],
      data: {
        rows: [
          { id: "r3z", text: "\\((3 + 4) + 6 = 3 + (4 + 6)\\)", correctColumnId: "as" },
          { id: "r8x", text: "\\(8 \\times 1 = 8\\)", correctColumnId: "ne" },
          { id: "r1c", text: "\\(7 \\times (10 + 2) = 7 \\times 10 + 7 \\times 2\\)", correctColumnId: "di" },
          { id: "r6v", text: "\\(12 \\times 5 = 5 \\times 12\\)", correctColumnId: "co" },
          { id: "r4b", text: "\\(0 + 45 = 45\\)", correctColumnId: "ne" },
        ],
        columns: [
          { id: "co", text: "Comutativa" },
          { id: "as", text: "Associativa" },
          { id: "di", text: "Distributiva" },
          { id: "ne", text: "Elemento neutro" },
        ],
      },
      feedback: {
        correct: "Muito bem!",
        incorrect: "Comutativa: muda a ordem. Associativa: mudam os parênteses. Distributiva: um fator multiplica uma soma. Elemento neutro: 0 na adição, 1 na multiplicação.",
      },
    },
  },
  {
    key: "props-4",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Use a propriedade distributiva para calcular.",
      kcs: [KC.props],
      data: {
        text: "\\(8 \\times 23 = 8 \\times 20 + 8 \\times\\) [[t5n]] \\(=\\) [[u1m]]",
        gaps: [
          { id: "t5n", answers: ["3"] },
          { id: "u1m", answers: ["184"] },
        ],
      },
      feedback: { correct: "Ótimo! 160 + 24 = 184.", incorrect: "Decomponha 23 em 20 + 3 e multiplique cada parte por 8." },
    },
  },
  {
    key: "props-5",
    difficulty: 3,
    question: {
      type: "QT_7",
      prompt: "Use as propriedades comutativa e associativa para calcular mentalmente.",
      kcs: [KC.props],
      data: {
        text: "\\(25 \\times 37 \\times 4 = (25 \\times 4) \\times 37 =\\) [[w6q]]",
        gaps: [{ id: "w6q", answers: ["3700", "3.700"] }],
      },
      feedback: { correct: "Excelente! 25 × 4 = 100, e 100 × 37 = 3.700.", incorrect: "Comece por 25 × 4: multiplicar por esse resultado é muito fácil." },
    },
  },
  {
    key: "expr-1",
    difficulty: 1,
    question: {
      type: "QT_7",
      prompt: "Resolva a expressão.",
      kcs: [KC.expr],
      data: { text: "\\(6 + 4 \\times 5 =\\) [[e8w]]", gaps: [{ id: "e8w", answers: ["26"] }] },
      feedback: { correct: "Isso! Primeiro 4 × 5 = 20, depois 6 + 20.", incorrect: "A multiplicação é feita antes da adição." },
    },
  },
  {
    key: "expr-2",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Numa expressão sem parênteses com adições e multiplicações, o que se resolve primeiro?",
      kcs: [KC.expr],
      data: {
        choices: [
          { id: "q3e", text: "As adições", correct: false },
          { id: "q8r", text: "As multiplicações", correct: true },
          { id: "q5t", text: "O que aparecer primeiro, da esquerda para a direita", correct: false },
          { id: "q1y", text: "Tanto faz: o resultado é o mesmo", correct: false },
        ],
      },
      feedback: { correct: "Correto: multiplicações e divisões vêm antes de adições e subtrações.", incorrect: "Teste com 2 + 3 × 4 fazendo de duas maneiras: o resultado muda?" },
    },
  },
  {
    key: "expr-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Resolva as expressões.",
      kcs: [KC.expr],
      data: {
        text: "\\((15 - 3) \\div 4 + 2 \\times 3 =\\) [[r2t]]\n\\(50 - [20 - (4 + 6)] =\\) [[y9u]]",
        gaps: [
          { id: "r2t", answers: ["9"] },
          { id: "y9u", answers: ["40"] },
        ],
      },
      feedback: { correct: "Muito bem!", incorrect: "Resolva primeiro os parênteses, depois os colchetes; em seguida, multiplicações e divisões." },
    },
  },
  {
    key: "expr-4",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "\\(36 \\div 6 \\div 2 = 36 \\div (6 \\div 2)\\)",
      kcs: [KC.expr],
      data: { correct: false },
      feedback: { correct: "Correto: o primeiro lado dá 3 e o segundo, 12.", incorrect: "Calcule os dois lados separadamente: sem parênteses, as divisões são feitas da esquerda para a direita." },
    },
  },
  {
    key: "expr-5",
    difficulty: 3,
    question: {
      type: "QT_15",
      prompt: "Ordene os passos da resolução da expressão \\(\\{30 - [4 \\times (5 - 2) + 6]\\} \\div 4\\).",
      kcs: [KC.expr],
      data: {
        items: [
          { id: "i4u", text: "\\(\\{30 - [4 \\times 3 + 6]\\} \\div 4\\)" },
          { id: "i9i", text: "\\(\\{30 - [12 + 6]\\} \\div 4\\)" },
          { id: "i2o", text: "\\(\\{30 - 18\\} \\div 4\\)" },
          { id: "i7p", text: "\\(12 \\div 4\\)" },
          { id: "i5a", text: "\\(3\\)" },
        ],
      },
      feedback: { correct: "Excelente! Parênteses, colchetes, chaves e, por fim, a divisão.", incorrect: "Comece pelo sinal de associação mais interno: os parênteses." },
    },
  },
  {
    key: "multiples-1",
    difficulty: 1,
    question: {
      type: "QT_2",
      prompt: "Quais destes números são múltiplos de 7?",
      kcs: [KC.multiples],
      data: {
        choices: [
          { id: "u6s", text: "14", correct: true },
          { id: "u3d", text: "27", correct: false },
          { id: "u9f", text: "35", correct: true },
          { id: "u1g", text: "54", correct: false },
          { id: "u7h", text: "49", correct: true },
        ],
      },
      feedback: { correct: "Muito bem! 14 = 7 × 2, 35 = 7 × 5 e 49 = 7 × 7.", incorrect: "Um múltiplo de 7 é o resultado de 7 vezes um número natural: reveja a tabuada do 7." },
    },
  },
  {
    key: "multiples-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "5 é divisor de 45.",
      kcs: [KC.multiples],
      data: { correct: true },
      feedback: { correct: "Correto: 45 ÷ 5 = 9, com resto 0.", incorrect: "Divida 45 por 5 e veja se o resto é zero." },
    },
  },
  {
    key: "multiples-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Complete a lista dos divisores de 20, em ordem crescente.",
      kcs: [KC.multiples],
      data: {
        text: "1, 2, [[j5k]], 5, [[k2l]], 20",
        gaps: [
          { id: "j5k", answers: ["4"] },
          { id: "k2l", answers: ["10"] },
        ],
      },
      feedback: { correct: "Isso! Os divisores formam pares: 1 × 20, 2 × 10, 4 × 5.", incorrect: "Procure pares de números cujo produto seja 20." },
    },
  },
  {
    key: "multiples-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "Qual é o menor múltiplo de 9 maior que 100?",
      kcs: [KC.multiples],
      data: {
        choices: [
          { id: "z8x", text: "99", correct: false },
          { id: "z3c", text: "109", correct: false },
          { id: "z6v", text: "108", correct: true },
          { id: "z1b", text: "117", correct: false },
        ],
      },
      feedback: { correct: "Correto! 9 × 11 = 99 e 9 × 12 = 108.", incorrect: "Divida 100 por 9 e experimente o próximo número inteiro." },
    },
  },
  {
    key: "multiples-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Quantos divisores tem o número 36?",
      kcs: [KC.multiples],
      data: { answers: ["9", "nove"] },
      feedback: { correct: "Exato! 1, 2, 3, 4, 6, 9, 12, 18 e 36.", incorrect: "Procure os pares cujo produto é 36, a começar por 1 × 36. Um deles tem os dois números iguais." },
    },
  },
  {
    key: "rules-1",
    difficulty: 1,
    question: {
      type: "QT_2",
      prompt: "Quais destes números são divisíveis por 5?",
      kcs: [KC.rules],
      data: {
        choices: [
          { id: "d4n", text: "135", correct: true },
          { id: "d9m", text: "552", correct: false },
          { id: "d2q", text: "2.040", correct: true },
          { id: "d7w", text: "909", correct: false },
          { id: "d5e", text: "1.005", correct: true },
        ],
      },
      feedback: { correct: "Muito bem! Todos terminam em 0 ou em 5.", incorrect: "Olhe apenas para o último algarismo de cada número." },
    },
  },
  {
    key: "rules-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "O número 462 é divisível por 3.",
      kcs: [KC.rules],
      data: { correct: true },
      feedback: { correct: "Correto: 4 + 6 + 2 = 12, que é múltiplo de 3.", incorrect: "Some os algarismos e veja se o resultado é múltiplo de 3." },
    },
  },
  {
    key: "rules-3",
    difficulty: 2,
    question: {
      type: "QT_5",
      prompt: "Indique por quais números cada um é divisível.",
      kcs: [KC.rules],
      data: {
        rows: [
          { id: "g3r", text: "114", correctColumnId: "both" },
          { id: "g8t", text: "250", correctColumnId: "two" },
          { id: "g1y", text: "333", correctColumnId: "three" },
          { id: "g6u", text: "401", correctColumnId: "none" },
          { id: "g4i", text: "612", correctColumnId: "both" },
        ],
        columns: [
          { id: "two", text: "Só por 2" },
          { id: "three", text: "Só por 3" },
          { id: "both", text: "Por 2 e por 3" },
          { id: "none", text: "Por nenhum dos dois" },
        ],
      },
      feedback: { correct: "Ótimo!", incorrect: "Por 2: termina em algarismo par. Por 3: a soma dos algarismos é múltiplo de 3." },
    },
  },
  {
    key: "rules-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Escreva o menor algarismo possível no lugar vazio para que o número seja divisível por 3.",
      kcs: [KC.rules],
      data: { text: "4[[o7p]]8", gaps: [{ id: "o7p", answers: ["0"] }] },
      feedback: { correct: "Isso! 4 + 0 + 8 = 12, que já é múltiplo de 3.", incorrect: "Os algarismos que você já conhece somam 12. Quanto precisa acrescentar?" },
    },
  },
  {
    key: "rules-5",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "Todo número divisível por 10 também é divisível por 2 e por 5.",
      kcs: [KC.rules],
      data: { correct: true },
      feedback: { correct: "Correto: termina em 0, que é par e é um dos finais dos múltiplos de 5.", incorrect: "Em que algarismo termina um número divisível por 10? Esse algarismo é par?" },
    },
  },
  {
    key: "rules-6",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Qual é o menor número de três algarismos que é divisível por 2, por 3 e por 5 ao mesmo tempo?",
      kcs: [KC.rules],
      data: { answers: ["120"] },
      feedback: { correct: "Exato! 120 termina em 0 e 1 + 2 + 0 = 3.", incorrect: "Ele precisa terminar em 0 (por 2 e por 5) e ter a soma dos algarismos múltipla de 3. Comece por 100." },
    },
  },
  {
    key: "primes-1",
    difficulty: 1,
    question: {
      type: "QT_2",
      prompt: "Quais destes números são primos?",
      kcs: [KC.primes],
      data: {
        choices: [
          { id: "a5s", text: "2", correct: true },
          { id: "a2d", text: "15", correct: false },
          { id: "a8f", text: "11", correct: true },
          { id: "a3g", text: "27", correct: false },
          { id: "a9h", text: "23", correct: true },
          { id: "a6j", text: "1", correct: false },
        ],
      },
      feedback: { correct: "Muito bem! 2, 11 e 23 têm exatamente dois divisores.", incorrect: "Um número primo tem exatamente dois divisores: 1 e ele mesmo. O 1 tem só um." },
    },
  },
  {
    key: "primes-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "O número 2 é o único número primo par.",
      kcs: [KC.primes],
      data: { correct: true },
      feedback: { correct: "Correto: todos os outros números pares são divisíveis por 2.", incorrect: "Pense: um número par maior que 2 tem quais divisores, além de 1 e dele mesmo?" },
    },
  },
  {
    key: "primes-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Classifique os números em primos e compostos.",
      kcs: [KC.primes],
      data: {
        categories: [
          { id: "pr", text: "Primo" },
          { id: "cp", text: "Composto" },
        ],
        items: [
          { id: "b7k", text: "19", categoryId: "pr" },
          { id: "b2l", text: "21", categoryId: "cp" },
          { id: "b9z", text: "37", categoryId: "pr" },
          { id: "b4x", text: "39", categoryId: "cp" },
          { id: "b6c", text: "43", categoryId: "pr" },
          { id: "b1v", text: "49", categoryId: "cp" },
        ],
      },
      feedback: { correct: "Ótimo! 21 = 3 × 7, 39 = 3 × 13 e 49 = 7 × 7.", incorrect: "Tente dividir cada número por 2, 3, 5 e 7." },
    },
  },
  {
    key: "primes-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "Qual é a decomposição de 60 em fatores primos?",
      kcs: [KC.primes],
      data: {
        choices: [
          { id: "f3b", text: "\\(2 \\times 3 \\times 10\\)", correct: false },
          { id: "f8n", text: "\\(2^2 \\times 3 \\times 5\\)", correct: true },
          { id: "f5m", text: "\\(2 \\times 30\\)", correct: false },
          { id: "f1q", text: "\\(2^2 \\times 15\\)", correct: false },
        ],
      },
      feedback: { correct: "Isso! 4 × 3 × 5 = 60, e 2, 3 e 5 são primos.", incorrect: "Todos os fatores precisam ser números primos. 10, 30 e 15 são primos?" },
    },
  },
  {
    key: "primes-5",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Complete a fatoração de 84.",
      kcs: [KC.primes],
      data: { text: "\\(84 = 2^2 \\times\\) [[w3e]] \\(\\times 7\\)", gaps: [{ id: "w3e", answers: ["3"] }] },
      feedback: { correct: "Muito bem! 4 × 3 × 7 = 84.", incorrect: "Divida 84 por 4 e depois por 7: que fator primo sobra?" },
    },
  },
  {
    key: "primes-6",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Qual número natural tem a fatoração \\(2^3 \\times 5\\)?",
      kcs: [KC.primes],
      data: { answers: ["40"] },
      feedback: { correct: "Exato! 8 × 5 = 40.", incorrect: "Calcule a potência primeiro e depois multiplique." },
    },
  },
];

/** Unit 2: fractions (meanings, comparison, equivalence, operations), decimals, money and percentages. */
const FRACTIONS_AND_DECIMALS: readonly BankQuestion[] = [
  {
    key: "fraction-meaning-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Uma pizza foi dividida em 8 partes iguais e Ana comeu 3 delas. Que fração da pizza Ana comeu?",
      kcs: [KC.meaning],
      data: {
        choices: [
          { id: "e6r", text: "\\(\\frac{8}{3}\\)", correct: false },
          { id: "e1t", text: "\\(\\frac{3}{8}\\)", correct: true },
          { id: "e9y", text: "\\(\\frac{3}{5}\\)", correct: false },
          { id: "e4u", text: "\\(\\frac{5}{8}\\)", correct: false },
        ],
      },
      feedback: { correct: "Isso! 3 partes de um total de 8.", incorrect: "O denominador indica em quantas partes o inteiro foi dividido; o numerador, quantas foram tomadas." },
    },
  },
  {
    key: "fraction-meaning-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Na fração \\(\\frac{2}{5}\\), o denominador indica em quantas partes iguais o inteiro foi dividido.",
      kcs: [KC.meaning],
      data: { correct: true },
      feedback: { correct: "Correto: o inteiro foi dividido em 5 partes e tomamos 2.", incorrect: "Lembre os nomes: o número de baixo é o denominador. O que ele conta?" },
    },
  },
  {
    key: "fraction-meaning-3",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Três barras de chocolate iguais foram repartidas igualmente entre 4 crianças. Que fração de uma barra recebeu cada criança?",
      kcs: [KC.meaning],
      data: { text: "Cada criança recebeu [[i8o]] de barra.", gaps: [{ id: "i8o", answers: ["\\frac{3}{4}"] }] },
      feedback: { correct: "Muito bem! Uma fração também representa uma divisão: 3 ÷ 4.", incorrect: "Repartir 3 entre 4 é fazer a divisão 3 ÷ 4. Como se escreve essa divisão como fração?" },
    },
  },
  {
    key: "fraction-meaning-4",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "Relacione cada fração com a sua leitura.",
      kcs: [KC.meaning],
      data: {
        items: [
          { id: "h5p", text: "\\(\\frac{1}{2}\\)", matchId: "j8a" },
          { id: "h2a", text: "\\(\\frac{1}{3}\\)", matchId: "j3s" },
          { id: "h9s", text: "\\(\\frac{3}{4}\\)", matchId: "j6d" },
          { id: "h6d", text: "\\(\\frac{2}{10}\\)", matchId: "j1f" },
        ],
        matches: [
          { id: "j1f", text: "dois décimos" },
          { id: "j3s", text: "um terço" },
          { id: "j4g", text: "três quintos" },
          { id: "j6d", text: "três quartos" },
          { id: "j8a", text: "um meio" },
        ],
      },
      feedback: { correct: "Ótimo!", incorrect: "Denominador 2: meios; 3: terços; 4: quartos; 5: quintos; 10: décimos." },
    },
  },
  {
    key: "fraction-meaning-5",
    difficulty: 3,
    question: {
      type: "QT_9",
      prompt: "Numa turma de 30 alunos, 12 são meninas. Que fração da turma são meninos?",
      kcs: [KC.meaning],
      data: { text: "Os meninos são [[k4f]] da turma.", gaps: [{ id: "k4f", answers: ["\\frac{18}{30}"] }] },
      feedback: { correct: "Exato! 18 de 30, ou seja, \\(\\frac{18}{30} = \\frac{3}{5}\\).", incorrect: "Primeiro calcule quantos meninos há; o total da turma é o denominador." },
    },
  },
  {
    key: "fraction-compare-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Qual é a maior fração?",
      kcs: [KC.compare],
      data: {
        choices: [
          { id: "m2g", text: "\\(\\frac{2}{7}\\)", correct: false },
          { id: "m7h", text: "\\(\\frac{4}{7}\\)", correct: false },
          { id: "m4j", text: "\\(\\frac{5}{7}\\)", correct: true },
          { id: "m9k", text: "\\(\\frac{3}{7}\\)", correct: false },
        ],
      },
      feedback: { correct: "Isso! Com denominadores iguais, é maior a que tem o maior numerador.", incorrect: "Todas têm o mesmo denominador: as partes são do mesmo tamanho. Qual toma mais partes?" },
    },
  },
  {
    key: "fraction-compare-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "\\(\\frac{1}{3} > \\frac{1}{5}\\)",
      kcs: [KC.compare],
      data: { correct: true },
      feedback: { correct: "Correto: dividindo em menos partes, cada parte é maior.", incorrect: "Imagine uma pizza dividida em 3 partes e outra igual dividida em 5. Em qual a fatia é maior?" },
    },
  },
  {
    key: "fraction-compare-3",
    difficulty: 2,
    question: {
      type: "QT_15",
      prompt: "Ordene as frações da menor para a maior.",
      kcs: [KC.compare],
      data: {
        items: [
          { id: "o1l", text: "\\(\\frac{1}{8}\\)" },
          { id: "o6z", text: "\\(\\frac{1}{4}\\)" },
          { id: "o3x", text: "\\(\\frac{3}{8}\\)" },
          { id: "o8c", text: "\\(\\frac{1}{2}\\)" },
          { id: "o5v", text: "\\(\\frac{3}{4}\\)" },
        ],
      },
      feedback: { correct: "Perfeito!", incorrect: "Escreva todas com denominador 8 e depois compare os numeradores." },
    },
  },
  {
    key: "fraction-compare-4",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Compare cada fração com \\(\\frac{1}{2}\\).",
      kcs: [KC.compare],
      data: {
        categories: [
          { id: "lt", text: "Menor que \\(\\frac{1}{2}\\)" },
          { id: "eq", text: "Igual a \\(\\frac{1}{2}\\)" },
          { id: "gt", text: "Maior que \\(\\frac{1}{2}\\)" },
        ],
        items: [
          { id: "q7b", text: "\\(\\frac{2}{5}\\)", categoryId: "lt" },
          { id: "q2n", text: "\\(\\frac{3}{6}\\)", categoryId: "eq" },
          { id: "q9m", text: "\\(\\frac{4}{7}\\)", categoryId: "gt" },
          { id: "q4q", text: "\\(\\frac{5}{10}\\)", categoryId: "eq" },
          { id: "q1w", text: "\\(\\frac{3}{8}\\)", categoryId: "lt" },
          { id: "q6e", text: "\\(\\frac{5}{9}\\)", categoryId: "gt" },
        ],
      },
      feedback: { correct: "Muito bem!", incorrect: "Compare o numerador com a metade do denominador: em \\(\\frac{3}{6}\\), a metade de 6 é 3." },
    },
  },
  {
    key: "fraction-compare-5",
    difficulty: 3,
    question: {
      type: "QT_7",
      prompt: "Complete com >, < ou =.",
      kcs: [KC.compare, KC.equiv],
      data: {
        text: "\\(\\frac{2}{3}\\) [[c3r]] \\(\\frac{3}{5}\\)\n\\(\\frac{4}{8}\\) [[v8t]] \\(\\frac{1}{2}\\)\n\\(\\frac{5}{6}\\) [[b1y]] \\(\\frac{7}{8}\\)",
        gaps: [
          { id: "c3r", answers: [">"] },
          { id: "v8t", answers: ["="] },
          { id: "b1y", answers: ["<"] },
        ],
      },
      feedback: { correct: "Excelente!", incorrect: "Para comparar frações com denominadores diferentes, escreva-as com um denominador comum." },
    },
  },
  {
    key: "fraction-equiv-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Qual fração é equivalente a \\(\\frac{1}{2}\\)?",
      kcs: [KC.equiv],
      data: {
        choices: [
          { id: "n6u", text: "\\(\\frac{2}{3}\\)", correct: false },
          { id: "n1i", text: "\\(\\frac{1}{4}\\)", correct: false },
          { id: "n8o", text: "\\(\\frac{3}{5}\\)", correct: false },
          { id: "n3p", text: "\\(\\frac{4}{8}\\)", correct: true },
        ],
      },
      feedback: { correct: "Isso! Multiplicando numerador e denominador por 4.", incorrect: "Procure a fração em que o numerador é exatamente a metade do denominador." },
    },
  },
  {
    key: "fraction-equiv-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "\\(\\frac{2}{3}\\) e \\(\\frac{6}{9}\\) são frações equivalentes.",
      kcs: [KC.equiv],
      data: { correct: true },
      feedback: { correct: "Correto: multiplicando os dois termos de \\(\\frac{2}{3}\\) por 3 obtemos \\(\\frac{6}{9}\\).", incorrect: "Veja se existe um número que multiplica o numerador e o denominador ao mesmo tempo." },
    },
  },
  {
    key: "fraction-equiv-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Complete para obter frações equivalentes.",
      kcs: [KC.equiv],
      data: {
        text: "\\(\\frac{3}{4} = \\frac{x}{20}\\), então x = [[a4s]]\n\\(\\frac{5}{6} = \\frac{15}{y}\\), então y = [[d9f]]",
        gaps: [
          { id: "a4s", answers: ["15"] },
          { id: "d9f", answers: ["18"] },
        ],
      },
      feedback: { correct: "Muito bem!", incorrect: "Descubra por quanto foi multiplicado o termo conhecido e faça o mesmo com o outro." },
    },
  },
  {
    key: "fraction-equiv-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Simplifique até a forma irredutível. Escreva a resposta na forma a/b.",
      kcs: [KC.equiv],
      data: {
        text: "\\(\\frac{12}{18} =\\) [[g2h]]\n\\(\\frac{20}{25} =\\) [[h7j]]",
        gaps: [
          { id: "g2h", answers: ["2/3"] },
          { id: "h7j", answers: ["4/5"] },
        ],
      },
      feedback: { correct: "Ótimo! Não é possível simplificar mais.", incorrect: "Divida o numerador e o denominador pelo maior número que divide os dois." },
    },
  },
  {
    key: "fraction-equiv-5",
    difficulty: 3,
    question: {
      type: "QT_1",
      prompt: "Qual destas frações já está na forma irredutível?",
      kcs: [KC.equiv],
      data: {
        choices: [
          { id: "j5k", text: "\\(\\frac{6}{15}\\)", correct: false },
          { id: "j1l", text: "\\(\\frac{9}{14}\\)", correct: true },
          { id: "j8z", text: "\\(\\frac{8}{12}\\)", correct: false },
          { id: "j4x", text: "\\(\\frac{10}{35}\\)", correct: false },
        ],
      },
      feedback: { correct: "Exato! 9 e 14 não têm nenhum divisor comum além de 1.", incorrect: "Para cada fração, procure um número (2, 3, 5...) que divida o numerador e o denominador." },
    },
  },
  {
    key: "same-den-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Quanto é \\(\\frac{2}{7} + \\frac{3}{7}\\)?",
      kcs: [KC.sameDen],
      data: {
        choices: [
          { id: "k7c", text: "\\(\\frac{5}{14}\\)", correct: false },
          { id: "k2v", text: "\\(\\frac{5}{7}\\)", correct: true },
          { id: "k9b", text: "\\(\\frac{6}{7}\\)", correct: false },
          { id: "k4n", text: "\\(\\frac{5}{49}\\)", correct: false },
        ],
      },
      feedback: { correct: "Isso! Somam-se os numeradores e conserva-se o denominador.", incorrect: "As partes têm o mesmo tamanho (sétimos). Some só quantas partes há." },
    },
  },
  {
    key: "same-den-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "\\(\\frac{5}{9} - \\frac{2}{9} = \\frac{3}{9}\\)",
      kcs: [KC.sameDen],
      data: { correct: true },
      feedback: { correct: "Correto: 5 nonos menos 2 nonos são 3 nonos.", incorrect: "Subtraia os numeradores e veja o que acontece com o denominador." },
    },
  },
  {
    key: "same-den-3",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "\\(\\frac{1}{5} + \\frac{2}{5} = \\frac{3}{10}\\)",
      kcs: [KC.sameDen],
      data: { correct: false },
      feedback: { correct: "Correto: o resultado é \\(\\frac{3}{5}\\); o denominador não se soma.", incorrect: "Somando quintos com quintos, o resultado continua sendo em quintos?" },
    },
  },
  {
    key: "same-den-4",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Calcule.",
      kcs: [KC.sameDen],
      data: {
        text: "\\(\\frac{3}{10} + \\frac{4}{10} + \\frac{1}{10} =\\) [[m3m]]",
        gaps: [{ id: "m3m", answers: ["\\frac{8}{10}"] }],
      },
      feedback: { correct: "Muito bem! \\(\\frac{8}{10}\\), que também pode ser escrito \\(\\frac{4}{5}\\).", incorrect: "Some os três numeradores e mantenha o denominador 10." },
    },
  },
  {
    key: "same-den-5",
    difficulty: 3,
    question: {
      type: "QT_9",
      prompt: "Joana leu \\(\\frac{2}{8}\\) de um livro na segunda-feira e \\(\\frac{3}{8}\\) na terça-feira. Que fração do livro ainda falta ler?",
      kcs: [KC.sameDen],
      data: { text: "Falta ler [[q8w]] do livro.", gaps: [{ id: "q8w", answers: ["\\frac{3}{8}"] }] },
      feedback: { correct: "Exato! Ela leu \\(\\frac{5}{8}\\), e \\(\\frac{8}{8} - \\frac{5}{8} = \\frac{3}{8}\\).", incorrect: "O livro inteiro é \\(\\frac{8}{8}\\). Some o que ela leu e tire do inteiro." },
    },
  },
  {
    key: "diff-den-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Para somar \\(\\frac{1}{2} + \\frac{1}{3}\\), que denominador comum podemos usar?",
      kcs: [KC.diffDen],
      data: {
        choices: [
          { id: "p4e", text: "5", correct: false },
          { id: "p9r", text: "6", correct: true },
          { id: "p2t", text: "2", correct: false },
          { id: "p7y", text: "3", correct: false },
        ],
      },
      feedback: { correct: "Isso! 6 é o mínimo múltiplo comum de 2 e 3.", incorrect: "O denominador comum deve ser múltiplo de 2 e de 3 ao mesmo tempo." },
    },
  },
  {
    key: "diff-den-2",
    difficulty: 1,
    question: {
      type: "QT_9",
      prompt: "Calcule.",
      kcs: [KC.diffDen],
      data: { text: "\\(\\frac{1}{2} + \\frac{1}{4} =\\) [[s5u]]", gaps: [{ id: "s5u", answers: ["\\frac{3}{4}"] }] },
      feedback: { correct: "Muito bem! \\(\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}\\).", incorrect: "Escreva \\(\\frac{1}{2}\\) em quartos antes de somar." },
    },
  },
  {
    key: "diff-den-3",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "\\(\\frac{1}{3} + \\frac{1}{4} = \\frac{2}{7}\\)",
      kcs: [KC.diffDen],
      data: { correct: false },
      feedback: { correct: "Correto: \\(\\frac{4}{12} + \\frac{3}{12} = \\frac{7}{12}\\).", incorrect: "Não se somam numeradores com numeradores e denominadores com denominadores. Procure um denominador comum." },
    },
  },
  {
    key: "diff-den-4",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Calcule.",
      kcs: [KC.diffDen],
      data: { text: "\\(\\frac{2}{3} - \\frac{1}{6} =\\) [[d6i]]", gaps: [{ id: "d6i", answers: ["\\frac{3}{6}"] }] },
      feedback: { correct: "Ótimo! \\(\\frac{4}{6} - \\frac{1}{6} = \\frac{3}{6} = \\frac{1}{2}\\).", incorrect: "Escreva \\(\\frac{2}{3}\\) com denominador 6 antes de subtrair." },
    },
  },
  {
    key: "diff-den-5",
    difficulty: 3,
    question: {
      type: "QT_9",
      prompt:
        "Num pomar, \\(\\frac{2}{5}\\) das árvores são laranjeiras e \\(\\frac{1}{3}\\) são limoeiros; as restantes são mangueiras. Que fração das árvores são mangueiras?",
      kcs: [KC.diffDen],
      data: { text: "As mangueiras são [[f1o]] das árvores.", gaps: [{ id: "f1o", answers: ["\\frac{4}{15}"] }] },
      feedback: {
        correct: "Excelente! \\(\\frac{6}{15} + \\frac{5}{15} = \\frac{11}{15}\\), e falta \\(\\frac{4}{15}\\) para o inteiro.",
        incorrect: "Some as frações das laranjeiras e dos limoeiros com denominador 15 e veja quanto falta para o inteiro.",
      },
    },
  },
  {
    key: "of-qty-1",
    difficulty: 1,
    question: {
      type: "QT_7",
      prompt: "Calcule.",
      kcs: [KC.ofQty],
      data: { text: "\\(\\frac{1}{4}\\) de 20 = [[g8p]]", gaps: [{ id: "g8p", answers: ["5"] }] },
      feedback: { correct: "Isso! 20 ÷ 4 = 5.", incorrect: "Um quarto de uma quantidade é dividi-la em 4 partes iguais e tomar uma." },
    },
  },
  {
    key: "of-qty-2",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Quanto é \\(\\frac{2}{3}\\) de 30?",
      kcs: [KC.ofQty],
      data: {
        choices: [
          { id: "h3a", text: "10", correct: false },
          { id: "h8s", text: "45", correct: false },
          { id: "h5d", text: "20", correct: true },
          { id: "h1f", text: "15", correct: false },
        ],
      },
      feedback: { correct: "Muito bem! 30 ÷ 3 = 10, e 10 × 2 = 20.", incorrect: "Divida 30 pelo denominador e multiplique pelo numerador." },
    },
  },
  {
    key: "of-qty-3",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "\\(\\frac{3}{4}\\) de 100 é igual a 75.",
      kcs: [KC.ofQty],
      data: { correct: true },
      feedback: { correct: "Correto: 100 ÷ 4 = 25, e 25 × 3 = 75.", incorrect: "Calcule primeiro \\(\\frac{1}{4}\\) de 100." },
    },
  },
  {
    key: "of-qty-4",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "Uma camiseta custava R$ 60,00 e teve um desconto de \\(\\frac{1}{5}\\) do preço. De quantos reais foi o desconto?",
      kcs: [KC.ofQty],
      data: { answers: ["12", "12,00", "R$ 12,00", "R$12,00", "R$ 12"] },
      feedback: { correct: "Exato! 60 ÷ 5 = 12 reais.", incorrect: "Um quinto do preço é o preço dividido em 5 partes iguais." },
    },
  },
  {
    key: "of-qty-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Numa escola há 480 alunos, e \\(\\frac{3}{8}\\) deles vão de ônibus. Quantos alunos NÃO vão de ônibus?",
      kcs: [KC.ofQty],
      data: { answers: ["300"] },
      feedback: { correct: "Excelente! 180 vão de ônibus, e 480 − 180 = 300.", incorrect: "Calcule quantos vão de ônibus e subtraia do total; ou calcule diretamente \\(\\frac{5}{8}\\) de 480." },
    },
  },
  {
    key: "fra-dec-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Como se escreve \\(\\frac{7}{10}\\) na forma decimal?",
      kcs: [KC.fraDec],
      data: {
        choices: [
          { id: "d2g", text: "7,0", correct: false },
          { id: "d7h", text: "0,07", correct: false },
          { id: "d4j", text: "0,7", correct: true },
          { id: "d9k", text: "0,007", correct: false },
        ],
      },
      feedback: { correct: "Isso! Sete décimos: 0,7.", incorrect: "Décimos ficam na primeira casa depois da vírgula." },
    },
  },
  {
    key: "fra-dec-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "\\(0{,}25 = \\frac{25}{100}\\)",
      kcs: [KC.fraDec],
      data: { correct: true },
      feedback: { correct: "Correto: vinte e cinco centésimos.", incorrect: "Quantas casas há depois da vírgula em 0,25? Que denominador isso indica?" },
    },
  },
  {
    key: "fra-dec-3",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "Relacione cada fração decimal com o número decimal correspondente.",
      kcs: [KC.fraDec],
      data: {
        items: [
          { id: "t6l", text: "\\(\\frac{3}{100}\\)", matchId: "w1z" },
          { id: "t1z", text: "\\(\\frac{3}{10}\\)", matchId: "w7x" },
          { id: "t8x", text: "\\(\\frac{33}{100}\\)", matchId: "w4c" },
          { id: "t3c", text: "\\(\\frac{3}{1000}\\)", matchId: "w9v" },
        ],
        matches: [
          { id: "w1z", text: "0,03" },
          { id: "w4c", text: "0,33" },
          { id: "w6b", text: "3,0" },
          { id: "w7x", text: "0,3" },
          { id: "w9v", text: "0,003" },
        ],
      },
      feedback: { correct: "Muito bem!", incorrect: "O número de zeros do denominador indica quantas casas decimais o número tem." },
    },
  },
  {
    key: "fra-dec-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Escreva cada número decimal como fração decimal, na forma a/b (sem simplificar).",
      kcs: [KC.fraDec],
      data: {
        text: "0,9 = [[b5n]]\n0,45 = [[n2m]]",
        gaps: [
          { id: "b5n", answers: ["9/10"] },
          { id: "n2m", answers: ["45/100"] },
        ],
      },
      feedback: { correct: "Ótimo!", incorrect: "Uma casa decimal: denominador 10. Duas casas: denominador 100." },
    },
  },
  {
    key: "fra-dec-5",
    difficulty: 3,
    question: {
      type: "QT_15",
      prompt: "Ordene os números decimais do menor para o maior.",
      kcs: [KC.fraDec],
      data: {
        items: [
          { id: "r5q", text: "0,305" },
          { id: "r9w", text: "0,35" },
          { id: "r2e", text: "0,5" },
          { id: "r7r", text: "0,53" },
          { id: "r4t", text: "3,05" },
        ],
      },
      feedback: { correct: "Excelente!", incorrect: "Compare primeiro a parte inteira; depois, complete com zeros para que todos tenham as mesmas casas decimais." },
    },
  },
  {
    key: "money-1",
    difficulty: 1,
    question: {
      type: "QT_9",
      prompt: "Calcule o valor total.",
      kcs: [KC.money],
      data: { text: "R$ 2,50 + R$ 3,75 = R$ [[y6u]]", gaps: [{ id: "y6u", answers: ["6,25"] }] },
      feedback: { correct: "Isso! R$ 6,25.", incorrect: "Alinhe as vírgulas: some os centavos e depois os reais." },
    },
  },
  {
    key: "money-2",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Uma compra custou R$ 13,40 e foi paga com uma nota de R$ 20,00. Qual é o troco?",
      kcs: [KC.money],
      data: {
        choices: [
          { id: "u3i", text: "R$ 7,60", correct: false },
          { id: "u8o", text: "R$ 6,60", correct: true },
          { id: "u5p", text: "R$ 6,40", correct: false },
          { id: "u1a", text: "R$ 7,40", correct: false },
        ],
      },
      feedback: { correct: "Muito bem! 20,00 − 13,40 = 6,60.", incorrect: "Faça 20,00 − 13,40 alinhando as vírgulas; confira somando o troco ao valor da compra." },
    },
  },
  {
    key: "money-3",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "Um caderno custa R$ 8,90. Quanto custam 3 cadernos, em reais?",
      kcs: [KC.money],
      data: { answers: ["26,70", "26,7", "R$ 26,70", "R$26,70", "26.70"] },
      feedback: { correct: "Exato! 3 × 8,90 = 26,70.", incorrect: "Multiplique 8,90 por 3; ou calcule 3 × 9,00 e tire 3 × 0,10." },
    },
  },
  {
    key: "money-4",
    difficulty: 2,
    question: {
      type: "QT_3",
      prompt: "Com R$ 10,00 é possível comprar 3 sanduíches de R$ 3,50 cada um.",
      kcs: [KC.money],
      data: { correct: false },
      feedback: { correct: "Correto: 3 sanduíches custam R$ 10,50, mais do que R$ 10,00.", incorrect: "Calcule quanto custam os 3 sanduíches e compare com R$ 10,00." },
    },
  },
  {
    key: "money-5",
    difficulty: 3,
    question: {
      type: "QT_9",
      prompt: "Marta comprou 2 kg de tomate a R$ 4,75 o quilo e um pacote de arroz de R$ 6,90. Pagou com uma nota de R$ 20,00.",
      kcs: [KC.money],
      data: {
        text: "Marta gastou R$ [[e2s]] e recebeu R$ [[r7d]] de troco.",
        gaps: [
          { id: "e2s", answers: ["16,40"] },
          { id: "r7d", answers: ["3,60"] },
        ],
      },
      feedback: { correct: "Excelente! 9,50 + 6,90 = 16,40 e 20,00 − 16,40 = 3,60.", incorrect: "Calcule primeiro o preço dos 2 kg de tomate, some o arroz e depois calcule o troco." },
    },
  },
  {
    key: "percent-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Quanto é 50% de 80?",
      kcs: [KC.percent],
      data: {
        choices: [
          { id: "c5f", text: "50", correct: false },
          { id: "c1g", text: "30", correct: false },
          { id: "c8h", text: "8", correct: false },
          { id: "c3j", text: "40", correct: true },
        ],
      },
      feedback: { correct: "Isso! 50% é a metade.", incorrect: "50% significa 50 de cada 100: que fração do total é isso?" },
    },
  },
  {
    key: "percent-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "25% de uma quantidade é o mesmo que \\(\\frac{1}{4}\\) dela.",
      kcs: [KC.percent],
      data: { correct: true },
      feedback: { correct: "Correto: \\(25\\% = \\frac{25}{100} = \\frac{1}{4}\\).", incorrect: "Escreva 25% como fração de denominador 100 e simplifique." },
    },
  },
  {
    key: "percent-3",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "Relacione cada porcentagem com a fração equivalente.",
      kcs: [KC.percent],
      data: {
        items: [
          { id: "k6k", text: "10%", matchId: "m3z" },
          { id: "k1z", text: "25%", matchId: "m8x" },
          { id: "k9x", text: "50%", matchId: "m5c" },
          { id: "k4c", text: "75%", matchId: "m2v" },
        ],
        matches: [
          { id: "m2v", text: "\\(\\frac{3}{4}\\)" },
          { id: "m3z", text: "\\(\\frac{1}{10}\\)" },
          { id: "m5c", text: "\\(\\frac{1}{2}\\)" },
          { id: "m7b", text: "\\(\\frac{1}{5}\\)" },
          { id: "m8x", text: "\\(\\frac{1}{4}\\)" },
        ],
      },
      feedback: { correct: "Muito bem!", incorrect: "Escreva cada porcentagem como fração de denominador 100 e simplifique." },
    },
  },
  {
    key: "percent-4",
    difficulty: 2,
    question: {
      type: "QT_9",
      prompt: "Calcule.",
      kcs: [KC.percent],
      data: {
        text: "10% de 350 = [[s4n]]; 25% de 120 = [[d9m]]",
        gaps: [
          { id: "s4n", answers: ["35"] },
          { id: "d9m", answers: ["30"] },
        ],
      },
      feedback: { correct: "Ótimo!", incorrect: "10% é dividir por 10; 25% é dividir por 4." },
    },
  },
  {
    key: "percent-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Um tênis custa R$ 180,00 e está com 10% de desconto. Qual é o novo preço, em reais?",
      kcs: [KC.percent, KC.money],
      data: { answers: ["162", "162,00", "R$ 162,00", "R$162,00", "R$ 162"] },
      feedback: { correct: "Exato! O desconto é de R$ 18,00, e 180 − 18 = 162.", incorrect: "Calcule primeiro o valor do desconto (10% de 180) e depois subtraia do preço." },
    },
  },
];

export const LUMEN_BANK: readonly BankQuestion[] = [...NATURAL_NUMBERS, ...FRACTIONS_AND_DECIMALS];
