import type { BankQuestion } from "./practice-bank-types";

/*
 * Practice bank of Lengua Castellana y Literatura 1º ESO (issue 15): at least five questions per
 * KC of units 1 ("La comunicación") and 2 ("La palabra: sustantivo y adjetivo"), easy to hard, in
 * auto-scored types. A wrong first try shows `feedback.incorrect`, a hint that does not give the
 * answer away. Local ids are arbitrary on purpose: they never hint at an order or a pairing.
 */

const KC = {
  elements: "LEN.COM.ELEM",
  code: "LEN.COM.CODE",
  noise: "LEN.COM.NOISE",
  context: "LEN.COM.CONTEXT",
  verbal: "LEN.COM.VERBAL",
  nonVerbal: "LEN.COM.NONVERBAL",
  gesture: "LEN.COM.GESTURE",
  functions: "LEN.COM.FUNCTIONS",
  intent: "LEN.COM.INTENT",
  adequacy: "LEN.TXT.ADEQ",
  coherence: "LEN.TXT.COHER",
  cohesion: "LEN.TXT.COHES",
  morph: "LEN.WRD.MORPH",
  formation: "LEN.WRD.FORMATION",
  family: "LEN.WRD.FAMILY",
  nounIdentify: "LEN.NOUN.IDENTIFY",
  nounClasses: "LEN.NOUN.CLASSES",
  gender: "LEN.NOUN.GENDER",
  number: "LEN.NOUN.NUMBER",
  special: "LEN.NOUN.SPECIAL",
  agree: "LEN.ADJ.AGREE",
  adjTypes: "LEN.ADJ.TYPES",
  degrees: "LEN.ADJ.DEGREES",
} as const;

/** Unit 1, lessons 1 and 2: the elements of communication; verbal and non-verbal communication. */
const COMMUNICATION: readonly BankQuestion[] = [
  {
    key: "elements-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Marta le escribe un mensaje de WhatsApp a su abuelo. ¿Quién es el receptor?",
      kcs: [KC.elements],
      data: {
        choices: [
          { id: "r5k", text: "Marta", correct: false },
          { id: "w2m", text: "El abuelo", correct: true },
          { id: "j8p", text: "El teléfono móvil", correct: false },
          { id: "t3x", text: "La lengua española", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! El receptor es quien recibe e interpreta el mensaje.", incorrect: "Piensa en quién lee el mensaje, no en quién lo escribe." },
    },
  },
  {
    key: "elements-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "El canal es el medio físico por el que circula el mensaje.",
      kcs: [KC.elements],
      data: { correct: true },
      feedback: { correct: "Correcto: el aire, el papel o una pantalla son canales.", incorrect: "Repasa la definición de cada elemento: ¿cuál es el que «transporta» el mensaje?" },
    },
  },
  {
    key: "elements-3",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "Un profesor explica en voz alta el ciclo del agua a sus alumnos. Une cada elemento de la comunicación con lo que es en esta situación.",
      kcs: [KC.elements],
      data: {
        items: [
          { id: "e4n", text: "Emisor", matchId: "m7c" },
          { id: "e9b", text: "Receptor", matchId: "m2v" },
          { id: "e1q", text: "Mensaje", matchId: "m5z" },
          { id: "e6w", text: "Canal", matchId: "m8h" },
          { id: "e3r", text: "Código", matchId: "m1s" },
        ],
        matches: [
          { id: "m1s", text: "La lengua española" },
          { id: "m2v", text: "Los alumnos" },
          { id: "m5z", text: "La explicación del ciclo del agua" },
          { id: "m7c", text: "El profesor" },
          { id: "m8h", text: "El aire por el que viaja la voz" },
          { id: "m4k", text: "El timbre del recreo" },
        ],
      },
      feedback: { correct: "¡Muy bien! Has identificado todos los elementos.", incorrect: "Pregúntate: ¿quién habla?, ¿quién escucha?, ¿qué dice?, ¿por dónde viaja? y ¿con qué signos?" },
    },
  },
  {
    key: "elements-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Completa con el nombre del elemento de la comunicación.",
      kcs: [KC.elements],
      data: {
        text: "En una carta, el papel es el [[c2d]] y el idioma en que está escrita es el [[f7g]].",
        gaps: [
          { id: "c2d", answers: ["canal"] },
          { id: "f7g", answers: ["código"] },
        ],
        accentSensitive: false,
      },
      feedback: { correct: "¡Correcto!", incorrect: "Uno de los dos es el soporte físico del mensaje; el otro, el conjunto de signos que se usa." },
    },
  },
  {
    key: "elements-5",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "Una locutora da las noticias por la radio. ¿Cuál es el canal?",
      kcs: [KC.elements],
      data: {
        choices: [
          { id: "k6l", text: "La locutora", correct: false },
          { id: "z1x", text: "Las noticias", correct: false },
          { id: "c9v", text: "Las ondas de radio y el aire", correct: true },
          { id: "b4n", text: "Los oyentes", correct: false },
        ],
      },
      feedback: { correct: "¡Eso es! Las ondas llevan la voz hasta los aparatos de los oyentes.", incorrect: "El canal no es una persona ni el contenido: es el medio por el que viaja el mensaje." },
    },
  },
  {
    key: "elements-6",
    difficulty: 3,
    question: {
      type: "QT_2",
      prompt: "En la puerta de un hospital hay un cartel con el texto «Prohibido fumar». ¿Qué afirmaciones son correctas?",
      kcs: [KC.elements],
      points: 2,
      data: {
        choices: [
          { id: "h3j", text: "El emisor es la dirección del hospital.", correct: true },
          { id: "g8k", text: "El canal es el cartel, que se percibe con la vista.", correct: true },
          { id: "f2l", text: "El receptor es cualquier persona que lo lea.", correct: true },
          { id: "d7z", text: "El código es el humo del tabaco.", correct: false },
          { id: "s5x", text: "No hay emisor, porque nadie habla.", correct: false },
        ],
      },
      feedback: {
        correct: "¡Muy bien! Un mensaje escrito también tiene emisor, aunque no esté presente.",
        incorrect: "Aunque nadie hable, alguien ha decidido colgar ese cartel, y alguien lo lee. ¿Con qué signos está escrito?",
      },
    },
  },
  {
    key: "code-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué tipo de código utiliza un semáforo?",
      kcs: [KC.code],
      data: {
        choices: [
          { id: "q4w", text: "Un código verbal escrito", correct: false },
          { id: "e9r", text: "Un código no verbal visual", correct: true },
          { id: "t1y", text: "Un código verbal oral", correct: false },
          { id: "u6i", text: "Un código no verbal acústico", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Comunica con colores, sin palabras.", incorrect: "¿El semáforo usa palabras? ¿Con qué sentido lo percibimos?" },
    },
  },
  {
    key: "code-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "El código es el conjunto de signos y de reglas para combinarlos que comparten el emisor y el receptor.",
      kcs: [KC.code],
      data: { correct: true },
      feedback: { correct: "Correcto: por ejemplo, una lengua o las señales de tráfico.", incorrect: "Piensa en qué necesitan compartir dos personas para entenderse." },
    },
  },
  {
    key: "code-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica cada mensaje según el código que utiliza.",
      kcs: [KC.code, KC.verbal],
      data: {
        categories: [
          { id: "vo", text: "Verbal oral" },
          { id: "ve", text: "Verbal escrito" },
          { id: "nv", text: "No verbal" },
        ],
        items: [
          { id: "o3p", text: "Una conversación por teléfono", categoryId: "vo" },
          { id: "o8a", text: "Un correo electrónico", categoryId: "ve" },
          { id: "o2s", text: "La sirena de una ambulancia", categoryId: "nv" },
          { id: "o7d", text: "Un mensaje de texto", categoryId: "ve" },
          { id: "o5f", text: "Un saludo con la mano", categoryId: "nv" },
          { id: "o1g", text: "Una clase explicada en voz alta", categoryId: "vo" },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Primero decide si hay palabras; si las hay, mira si se oyen o se leen." },
    },
  },
  {
    key: "code-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "Un turista le pregunta a un vecino por una calle en japonés, y el vecino no entiende nada. ¿Qué falla en esta comunicación?",
      kcs: [KC.code],
      data: {
        choices: [
          { id: "h2j", text: "No hay canal", correct: false },
          { id: "k7l", text: "No hay mensaje", correct: false },
          { id: "z3x", text: "Hay ruido en el canal", correct: false },
          { id: "c8v", text: "El emisor y el receptor no comparten el código", correct: true },
        ],
      },
      feedback: { correct: "¡Correcto! Sin un código común, el mensaje no se puede interpretar.", incorrect: "El vecino oye perfectamente al turista. ¿Qué le impide entenderlo?" },
    },
  },
  {
    key: "code-5",
    difficulty: 3,
    question: {
      type: "QT_3",
      prompt: "El braille es un código no verbal, porque se lee con el tacto y no con la vista.",
      kcs: [KC.code],
      data: { correct: false },
      feedback: {
        correct: "Correcto: el braille representa las letras de una lengua, así que es un código verbal escrito, aunque se perciba con el tacto.",
        incorrect: "Lo que hace verbal un código no es el sentido con que se percibe. ¿El braille representa palabras?",
      },
    },
  },
  {
    key: "noise-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cuál de estas situaciones es un ruido en la comunicación?",
      kcs: [KC.noise],
      data: {
        choices: [
          { id: "n5b", text: "El profesor explica la lección en español.", correct: false },
          { id: "m1n", text: "Unas obras junto al aula no dejan oír al profesor.", correct: true },
          { id: "q6m", text: "Los alumnos escuchan con atención.", correct: false },
          { id: "w3q", text: "La explicación trata sobre los volcanes.", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! El ruido es cualquier interferencia que dificulta la comunicación.", incorrect: "Busca algo que estorbe o interrumpa el mensaje." },
    },
  },
  {
    key: "noise-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Una mancha de tinta que impide leer una palabra de una carta es un ruido.",
      kcs: [KC.noise],
      data: { correct: true },
      feedback: { correct: "Correcto: el ruido no tiene por qué ser un sonido.", incorrect: "En comunicación, «ruido» no significa solo «sonido molesto»." },
    },
  },
  {
    key: "noise-3",
    difficulty: 2,
    question: {
      type: "QT_2",
      prompt: "¿Cuáles de estas situaciones son ruidos en la comunicación?",
      kcs: [KC.noise],
      data: {
        choices: [
          { id: "a4s", text: "Las interferencias en una emisora de radio", correct: true },
          { id: "d9f", text: "Que el mensaje esté escrito en castellano", correct: false },
          { id: "g2h", text: "Los ladridos de un perro durante una llamada", correct: true },
          { id: "j7k", text: "Que el receptor conozca el código", correct: false },
          { id: "l5z", text: "Una letra tan mal escrita que no se entiende", correct: true },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Un ruido estorba: pregúntate si cada situación dificulta o facilita que llegue el mensaje." },
    },
  },
  {
    key: "noise-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Completa la definición.",
      kcs: [KC.noise, KC.elements],
      data: {
        text: "Se llama [[x6c]] a cualquier interferencia que dificulta o impide la comunicación. Suele afectar al [[v1b]], el medio por el que viaja el mensaje.",
        gaps: [
          { id: "x6c", answers: ["ruido"] },
          { id: "v1b", answers: ["canal"] },
        ],
      },
      feedback: { correct: "¡Correcto!", incorrect: "La primera palabra nombra la interferencia; la segunda, uno de los elementos de la comunicación." },
    },
  },
  {
    key: "noise-5",
    difficulty: 3,
    question: {
      type: "QT_5",
      prompt: "¿Hay ruido en cada una de estas situaciones?",
      kcs: [KC.noise],
      data: {
        rows: [
          { id: "b8n", text: "Una videollamada se congela por la mala conexión.", correctColumnId: "yes" },
          { id: "n3m", text: "Un amigo te habla en un idioma que no conoces.", correctColumnId: "no" },
          { id: "m7q", text: "Un cartel está tan descolorido que casi no se lee.", correctColumnId: "yes" },
          { id: "q2w", text: "Hablas por teléfono en un concierto con la música muy alta.", correctColumnId: "yes" },
          { id: "w9e", text: "El receptor entiende perfectamente el mensaje.", correctColumnId: "no" },
        ],
        columns: [
          { id: "yes", text: "Hay ruido" },
          { id: "no", text: "No hay ruido" },
        ],
      },
      feedback: {
        correct: "¡Muy bien! No compartir la lengua es un problema de código, no de ruido.",
        incorrect: "Hay ruido cuando algo estorba el canal. Si lo que falla es que no se conoce el idioma, ¿qué elemento falla?",
      },
    },
  },
  {
    key: "context-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué es el contexto de un mensaje?",
      kcs: [KC.context],
      data: {
        choices: [
          { id: "c3r", text: "El medio por el que viaja el mensaje", correct: false },
          { id: "c8t", text: "Las circunstancias (lugar, momento, situación) que rodean al mensaje y ayudan a interpretarlo", correct: true },
          { id: "c1y", text: "Las palabras que forman el mensaje", correct: false },
          { id: "c6u", text: "La persona que recibe el mensaje", correct: false },
        ],
      },
      feedback: { correct: "¡Bien!", incorrect: "El contexto no forma parte del mensaje: está «alrededor» de él." },
    },
  },
  {
    key: "context-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Una misma frase puede significar cosas distintas según el contexto en que se dice.",
      kcs: [KC.context],
      data: { correct: true },
      feedback: { correct: "Correcto: «¡Qué frío!» puede ser una queja o una petición para cerrar la ventana.", incorrect: "Piensa en una frase como «¡Qué bien!» dicha en situaciones distintas." },
    },
  },
  {
    key: "context-3",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "La frase «¡Está fuera!» significa cosas distintas según la situación. Une cada contexto con su significado.",
      kcs: [KC.context],
      data: {
        items: [
          { id: "i4o", text: "En un partido de tenis", matchId: "s9p" },
          { id: "i7a", text: "Alguien llama a casa y pregunta por tu madre", matchId: "s2d" },
          { id: "i1s", text: "En un concurso de talentos, tras la votación", matchId: "s6f" },
        ],
        matches: [
          { id: "s2d", text: "Ha salido de casa." },
          { id: "s6f", text: "Ha quedado eliminado." },
          { id: "s9p", text: "La pelota ha botado fuera de la pista." },
          { id: "s4g", text: "Está dentro de la caja." },
        ],
      },
      feedback: { correct: "¡Correcto! El contexto decide el significado.", incorrect: "Imagina a alguien diciendo la frase en cada lugar: ¿qué querría decir?" },
    },
  },
  {
    key: "context-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "Se te cae al suelo la tarta de cumpleaños y tu hermano dice: «¡Genial, lo que nos faltaba!». ¿Qué quiere decir?",
      kcs: [KC.context],
      data: {
        choices: [
          { id: "h5j", text: "Que está contento porque la tarta se ha caído", correct: false },
          { id: "k2l", text: "Que le falta algo para la fiesta", correct: false },
          { id: "z8x", text: "Que la situación es un fastidio: lo dice con ironía", correct: true },
          { id: "x4c", text: "Que la tarta estaba buenísima", correct: false },
        ],
      },
      feedback: { correct: "¡Eso es! La situación nos dice que las palabras significan lo contrario.", incorrect: "¿Encaja «genial» con lo que acaba de pasar? Fíjate en la situación, no solo en las palabras." },
    },
  },
  {
    key: "context-5",
    difficulty: 3,
    question: {
      type: "QT_3",
      prompt: "La frase «Hace frío aquí», dicha por un invitado junto a una ventana abierta, puede ser una petición para que la cierren.",
      kcs: [KC.context],
      data: { correct: true },
      feedback: { correct: "Correcto: el contexto permite entender una petición aunque no se diga directamente.", incorrect: "Piensa en dónde está el invitado y qué podría querer conseguir con esa frase." },
    },
  },
  {
    key: "verbal-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué es la comunicación verbal?",
      kcs: [KC.verbal],
      data: {
        choices: [
          { id: "v2b", text: "La que solo usa la voz", correct: false },
          { id: "v7n", text: "La que usa gestos y miradas", correct: false },
          { id: "v4m", text: "La que usa palabras, orales o escritas", correct: true },
          { id: "v9q", text: "La que solo se produce cara a cara", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! «Verbal» viene del latín «verbum», «palabra».", incorrect: "«Verbal» no es lo mismo que «oral»: piensa en qué signos usa." },
    },
  },
  {
    key: "verbal-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Un aviso escrito en un cartel es comunicación verbal.",
      kcs: [KC.verbal],
      data: { correct: true },
      feedback: { correct: "Correcto: usa palabras, aunque sean escritas.", incorrect: "La comunicación verbal puede ser oral o escrita." },
    },
  },
  {
    key: "verbal-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica cada forma de comunicación.",
      kcs: [KC.verbal],
      data: {
        categories: [
          { id: "vb", text: "Verbal" },
          { id: "nv", text: "No verbal" },
        ],
        items: [
          { id: "u3i", text: "Una carta", categoryId: "vb" },
          { id: "u8o", text: "El silbato del árbitro", categoryId: "nv" },
          { id: "u1p", text: "Una noticia leída en la radio", categoryId: "vb" },
          { id: "u6a", text: "Un guiño", categoryId: "nv" },
          { id: "u2s", text: "El icono de una papelera en el ordenador", categoryId: "nv" },
          { id: "u9d", text: "Un chat entre amigos", categoryId: "vb" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Pregúntate en cada caso: ¿el mensaje usa palabras?" },
    },
  },
  {
    key: "verbal-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Completa.",
      kcs: [KC.verbal],
      data: {
        text: "La comunicación verbal puede ser [[f3g]], como una conversación, o [[h8j]], como un libro.",
        gaps: [
          { id: "f3g", answers: ["oral"] },
          { id: "h8j", answers: ["escrita"] },
        ],
      },
      feedback: { correct: "¡Correcto!", incorrect: "Piensa en cómo percibimos las palabras en cada ejemplo: ¿las oímos o las leemos?" },
    },
  },
  {
    key: "verbal-5",
    difficulty: 3,
    question: {
      type: "QT_2",
      prompt: "¿En cuáles de estos mensajes se combinan la comunicación verbal y la no verbal?",
      kcs: [KC.verbal, KC.nonVerbal],
      data: {
        choices: [
          { id: "k5l", text: "Un anuncio de televisión con imágenes, música y un eslogan", correct: true },
          { id: "z2x", text: "Un cómic con dibujos y bocadillos de texto", correct: true },
          { id: "c7v", text: "Una señal de dirección prohibida, sin texto", correct: false },
          { id: "b4n", text: "Un presentador del tiempo que habla y señala el mapa", correct: true },
          { id: "n9m", text: "El silbato de un socorrista", correct: false },
        ],
      },
      feedback: { correct: "¡Excelente! Muchos mensajes combinan palabras con imágenes, sonidos o gestos.", incorrect: "Busca los mensajes que tienen a la vez palabras y otros signos." },
    },
  },
  {
    key: "nonverbal-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "En España, ¿qué significa mover la cabeza de arriba abajo?",
      kcs: [KC.nonVerbal],
      data: {
        choices: [
          { id: "q3e", text: "No", correct: false },
          { id: "w8r", text: "Sí", correct: true },
          { id: "e1t", text: "No lo sé", correct: false },
          { id: "r6y", text: "Adiós", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Es un gesto de afirmación.", incorrect: "Haz el gesto tú mismo mientras piensas en una respuesta." },
    },
  },
  {
    key: "nonverbal-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Una sonrisa es un signo no verbal.",
      kcs: [KC.nonVerbal],
      data: { correct: true },
      feedback: { correct: "Correcto: comunica sin palabras.", incorrect: "¿Una sonrisa usa palabras para comunicar?" },
    },
  },
  {
    key: "nonverbal-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica los signos no verbales según el sentido con el que se perciben.",
      kcs: [KC.nonVerbal],
      data: {
        categories: [
          { id: "vis", text: "Vista" },
          { id: "oid", text: "Oído" },
          { id: "tac", text: "Tacto" },
        ],
        items: [
          { id: "y5u", text: "La sirena de los bomberos", categoryId: "oid" },
          { id: "y2i", text: "Un semáforo en rojo", categoryId: "vis" },
          { id: "y9o", text: "Un apretón de manos", categoryId: "tac" },
          { id: "y4p", text: "El timbre del recreo", categoryId: "oid" },
          { id: "y7a", text: "El icono del wifi", categoryId: "vis" },
          { id: "y1s", text: "Una palmadita en la espalda", categoryId: "tac" },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Imagina cada signo: ¿lo ves, lo oyes o lo sientes sobre la piel?" },
    },
  },
  {
    key: "nonverbal-4",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "Une cada gesto con lo que suele significar.",
      kcs: [KC.nonVerbal],
      data: {
        items: [
          { id: "g3d", text: "Levantar el pulgar", matchId: "p8f" },
          { id: "g9f", text: "Poner el dedo índice sobre los labios", matchId: "p2g" },
          { id: "g6h", text: "Encogerse de hombros", matchId: "p5h" },
          { id: "g1j", text: "Levantar la mano en clase", matchId: "p7j" },
        ],
        matches: [
          { id: "p2g", text: "Silencio" },
          { id: "p5h", text: "No lo sé" },
          { id: "p7j", text: "Quiero hablar" },
          { id: "p8f", text: "De acuerdo, todo bien" },
          { id: "p4k", text: "Tengo hambre" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Haz cada gesto y piensa en qué situación lo usarías." },
    },
  },
  {
    key: "nonverbal-5",
    difficulty: 3,
    question: {
      type: "QT_1",
      prompt: "Alguien dice «Vale» con un tono de voz muy enfadado. ¿Qué tipo de signo es ese tono?",
      kcs: [KC.nonVerbal],
      data: {
        choices: [
          { id: "t4k", text: "Un signo verbal escrito", correct: false },
          { id: "t9l", text: "Un signo paralingüístico, que acompaña a la voz", correct: true },
          { id: "t2z", text: "Un signo visual, como una señal de tráfico", correct: false },
          { id: "t7x", text: "Un signo táctil", correct: false },
        ],
      },
      feedback: {
        correct: "¡Correcto! El tono, el volumen o el ritmo de la voz son signos no verbales que acompañan a las palabras.",
        incorrect: "El tono no es una palabra, pero se transmite con la voz. ¿Qué opción recoge eso?",
      },
    },
  },
  {
    key: "gesture-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Dices «no» mientras mueves la cabeza de un lado a otro. ¿Qué hace el gesto respecto a la palabra?",
      kcs: [KC.gesture],
      data: {
        choices: [
          { id: "a8s", text: "La contradice", correct: false },
          { id: "a3d", text: "La sustituye", correct: false },
          { id: "a6f", text: "La refuerza", correct: true },
          { id: "a1g", text: "No tiene relación con ella", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! El gesto dice lo mismo que la palabra.", incorrect: "¿El gesto dice lo mismo que la palabra, lo contrario, o aparece sin palabra?" },
    },
  },
  {
    key: "gesture-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Un gesto puede sustituir por completo a una palabra, como cuando decimos adiós con la mano.",
      kcs: [KC.gesture],
      data: { correct: true },
      feedback: { correct: "Correcto: el gesto ocupa el lugar de la palabra.", incorrect: "Piensa en si hace falta decir «adiós» cuando agitas la mano." },
    },
  },
  {
    key: "gesture-3",
    difficulty: 2,
    question: {
      type: "QT_5",
      prompt: "¿Qué relación hay entre el gesto y las palabras en cada situación?",
      kcs: [KC.gesture],
      data: {
        rows: [
          { id: "r2q", text: "Dice «¡Estoy encantado!» con cara de aburrimiento.", correctColumnId: "con" },
          { id: "r7w", text: "Señala la puerta, sin decir nada, para que alguien salga.", correctColumnId: "sus" },
          { id: "r4e", text: "Dice «era enorme» mientras abre mucho los brazos.", correctColumnId: "ref" },
          { id: "r9r", text: "Dice «ven aquí» mientras mueve la mano hacia sí.", correctColumnId: "ref" },
          { id: "r1t", text: "Se lleva el dedo a los labios en lugar de decir «silencio».", correctColumnId: "sus" },
        ],
        columns: [
          { id: "ref", text: "Refuerza" },
          { id: "con", text: "Contradice" },
          { id: "sus", text: "Sustituye" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Mira si hay palabras; si las hay, compara lo que dicen con lo que expresa el gesto." },
    },
  },
  {
    key: "gesture-4",
    difficulty: 2,
    question: {
      type: "QT_8",
      prompt: "Arrastra cada palabra a su hueco.",
      kcs: [KC.gesture],
      data: {
        text: "Cuando un gesto expresa lo mismo que las palabras, las [[h5y]]; cuando expresa lo contrario, las [[j2u]]; y cuando ocupa su lugar, las [[k8i]].",
        tokens: [
          { id: "x3o", text: "sustituye" },
          { id: "x7p", text: "refuerza" },
          { id: "x1a", text: "traduce" },
          { id: "x5s", text: "contradice" },
        ],
        gaps: [
          { id: "h5y", tokenId: "x7p" },
          { id: "j2u", tokenId: "x5s" },
          { id: "k8i", tokenId: "x3o" },
        ],
      },
      feedback: { correct: "¡Correcto!", incorrect: "Lee cada caso y piensa en un ejemplo de gesto que lo cumpla." },
    },
  },
  {
    key: "gesture-5",
    difficulty: 3,
    question: {
      type: "QT_3",
      prompt: "Si alguien dice «No estoy nervioso» mientras le tiemblan las manos, el receptor suele creer más al gesto que a las palabras.",
      kcs: [KC.gesture],
      data: { correct: true },
      feedback: {
        correct: "Correcto: cuando el gesto contradice a las palabras, solemos fiarnos más del gesto, que es más difícil de controlar.",
        incorrect: "¿Qué es más fácil de controlar: lo que decimos o lo que hace nuestro cuerpo?",
      },
    },
  },
];

/** Unit 1, lessons 3 and 4: the functions of language; texts and their properties. */
const FUNCTIONS_AND_TEXTS: readonly BankQuestion[] = [
  {
    key: "functions-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué función del lenguaje predomina en «El agua hierve a 100 grados»?",
      kcs: [KC.functions],
      data: {
        choices: [
          { id: "f3j", text: "Expresiva", correct: false },
          { id: "f8k", text: "Apelativa", correct: false },
          { id: "f1l", text: "Representativa", correct: true },
          { id: "f6z", text: "Poética", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Informa de un hecho de forma objetiva.", incorrect: "¿La frase expresa sentimientos, da una orden o simplemente informa?" },
    },
  },
  {
    key: "functions-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "En «¡Qué dolor de cabeza tengo!» predomina la función expresiva.",
      kcs: [KC.functions],
      data: { correct: true },
      feedback: { correct: "Correcto: el emisor manifiesta cómo se siente.", incorrect: "¿La frase se centra en el emisor, en el receptor o en un hecho objetivo?" },
    },
  },
  {
    key: "functions-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica cada enunciado según la función del lenguaje que predomina.",
      kcs: [KC.functions],
      data: {
        categories: [
          { id: "rep", text: "Representativa" },
          { id: "exp", text: "Expresiva" },
          { id: "ape", text: "Apelativa" },
          { id: "fat", text: "Fática" },
          { id: "met", text: "Metalingüística" },
        ],
        items: [
          { id: "u4x", text: "¡Cierra la puerta, por favor!", categoryId: "ape" },
          { id: "u9c", text: "Madrid es la capital de España.", categoryId: "rep" },
          { id: "u2v", text: "¡Qué alegría verte!", categoryId: "exp" },
          { id: "u7b", text: "«Casa» es un sustantivo.", categoryId: "met" },
          { id: "u5n", text: "¿Me oyes? ¿Sigues ahí?", categoryId: "fat" },
          { id: "u1m", text: "Escuchad con atención.", categoryId: "ape" },
        ],
      },
      feedback: {
        correct: "¡Muy bien!",
        incorrect: "Pregúntate si el enunciado informa, expresa sentimientos, pide algo, comprueba el canal o habla de la propia lengua.",
      },
    },
  },
  {
    key: "functions-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "¿Qué función predomina en el verso «Verde que te quiero verde. Verde viento. Verdes ramas» (Federico García Lorca)?",
      kcs: [KC.functions],
      data: {
        choices: [
          { id: "p5q", text: "Fática", correct: false },
          { id: "p2w", text: "Poética", correct: true },
          { id: "p9e", text: "Metalingüística", correct: false },
          { id: "p4r", text: "Representativa", correct: false },
        ],
      },
      feedback: { correct: "¡Correcto! La repetición y el ritmo buscan la belleza del mensaje.", incorrect: "Fíjate en cómo está dicho: repeticiones, ritmo... ¿Qué busca el autor?" },
    },
  },
  {
    key: "functions-5",
    difficulty: 3,
    question: {
      type: "QT_14",
      prompt: "Une cada función del lenguaje con el elemento de la comunicación en el que se centra.",
      kcs: [KC.functions, KC.elements],
      data: {
        items: [
          { id: "a3t", text: "Expresiva", matchId: "b8y" },
          { id: "a7y", text: "Apelativa", matchId: "b2u" },
          { id: "a1u", text: "Fática", matchId: "b6i" },
          { id: "a9i", text: "Poética", matchId: "b4o" },
          { id: "a5o", text: "Metalingüística", matchId: "b9p" },
        ],
        matches: [
          { id: "b2u", text: "El receptor" },
          { id: "b4o", text: "El mensaje" },
          { id: "b6i", text: "El canal" },
          { id: "b8y", text: "El emisor" },
          { id: "b9p", text: "El código" },
        ],
      },
      feedback: { correct: "¡Excelente!", incorrect: "Piensa en qué elemento «mira» cada función: quién habla, a quién, por dónde, cómo se dice o con qué lengua." },
    },
  },
  {
    key: "intent-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Si el emisor quiere que el receptor haga algo, ¿qué función del lenguaje usa?",
      kcs: [KC.intent],
      data: {
        choices: [
          { id: "i6a", text: "Apelativa", correct: true },
          { id: "i2s", text: "Expresiva", correct: false },
          { id: "i8d", text: "Fática", correct: false },
          { id: "i3f", text: "Representativa", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! «Apelar» es llamar la atención de alguien para que actúe.", incorrect: "¿En qué elemento se centra el mensaje cuando queremos que otro haga algo?" },
    },
  },
  {
    key: "intent-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Cuando queremos informar de un hecho de forma objetiva, usamos sobre todo la función representativa.",
      kcs: [KC.intent],
      data: { correct: true },
      feedback: { correct: "Correcto: por ejemplo, en una noticia o en un libro de texto.", incorrect: "Piensa en qué función predomina en una noticia." },
    },
  },
  {
    key: "intent-3",
    difficulty: 2,
    question: {
      type: "QT_5",
      prompt: "Relaciona cada intención del emisor con la función del lenguaje que utiliza.",
      kcs: [KC.intent],
      data: {
        rows: [
          { id: "r4g", text: "Informar de la hora de salida del tren", correctColumnId: "rep" },
          { id: "r9h", text: "Convencer a tus padres para ir al cine", correctColumnId: "ape" },
          { id: "r2j", text: "Contar lo nervioso que estás antes de un examen", correctColumnId: "exp" },
          { id: "r7k", text: "Comprobar que tu amigo te sigue oyendo por teléfono", correctColumnId: "fat" },
          { id: "r5l", text: "Explicar qué significa una palabra", correctColumnId: "met" },
        ],
        columns: [
          { id: "rep", text: "Representativa" },
          { id: "exp", text: "Expresiva" },
          { id: "ape", text: "Apelativa" },
          { id: "fat", text: "Fática" },
          { id: "met", text: "Metalingüística" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Para cada intención, pregúntate en qué se centra: en un hecho, en ti, en el otro, en el canal o en la lengua." },
    },
  },
  {
    key: "intent-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "Un anuncio dice: «¡Compra ya el nuevo móvil X!». ¿Qué intención tiene el emisor?",
      kcs: [KC.intent],
      data: {
        choices: [
          { id: "m3z", text: "Expresar sus sentimientos", correct: false },
          { id: "m8x", text: "Explicar el significado de la palabra «móvil»", correct: false },
          { id: "m1c", text: "Convencer al receptor para que compre el móvil", correct: true },
          { id: "m6v", text: "Comprobar que el canal funciona", correct: false },
        ],
      },
      feedback: { correct: "¡Correcto! Predomina la función apelativa: el verbo está en imperativo.", incorrect: "Fíjate en la forma del verbo «compra»: ¿a quién se dirige y qué le pide?" },
    },
  },
  {
    key: "intent-5",
    difficulty: 3,
    question: {
      type: "QT_2",
      prompt: "¿En cuáles de estos textos la intención principal es que el receptor actúe?",
      kcs: [KC.intent],
      data: {
        choices: [
          { id: "t2b", text: "Una receta: «Bate los huevos y añade la harina».", correct: true },
          { id: "t7n", text: "Un diario personal: «Hoy me he sentido muy solo».", correct: false },
          { id: "t4m", text: "Un cartel: «Prohibido el paso».", correct: true },
          { id: "t9q", text: "Una noticia: «Un terremoto sacude el sur de Italia».", correct: false },
          { id: "t1w", text: "Un anuncio: «Visita Asturias este verano».", correct: true },
        ],
      },
      feedback: { correct: "¡Excelente! En todos ellos predomina la función apelativa.", incorrect: "Busca órdenes, prohibiciones o invitaciones dirigidas al receptor." },
    },
  },
  {
    key: "adequacy-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Un texto es adecuado cuando...",
      kcs: [KC.adequacy],
      data: {
        choices: [
          { id: "d5e", text: "tiene muchas palabras difíciles.", correct: false },
          { id: "d1r", text: "se ajusta a la situación: al receptor, a la intención y al registro.", correct: true },
          { id: "d8t", text: "está ordenado en párrafos.", correct: false },
          { id: "d3y", text: "usa muchos conectores.", correct: false },
        ],
      },
      feedback: { correct: "¡Bien!", incorrect: "La adecuación tiene que ver con la situación comunicativa: ¿a quién escribes y para qué?" },
    },
  },
  {
    key: "adequacy-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Empezar con «¡Ey, profe! ¿Q tal?» un correo para pedir la revisión de un examen es adecuado.",
      kcs: [KC.adequacy],
      data: { correct: false },
      feedback: { correct: "Correcto: en una petición formal conviene un saludo respetuoso y escribir las palabras completas.", incorrect: "Piensa en el receptor y en lo que le pides: ¿es una situación formal o informal?" },
    },
  },
  {
    key: "adequacy-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica cada expresión según su registro.",
      kcs: [KC.adequacy],
      data: {
        categories: [
          { id: "for", text: "Registro formal" },
          { id: "col", text: "Registro coloquial" },
        ],
        items: [
          { id: "e2u", text: "Le saluda atentamente", categoryId: "for" },
          { id: "e7i", text: "¡Qué guay!", categoryId: "col" },
          { id: "e4o", text: "Estimada señora directora:", categoryId: "for" },
          { id: "e9p", text: "Nos vemos, tío.", categoryId: "col" },
          { id: "e1a", text: "Le agradecería que me informase.", categoryId: "for" },
          { id: "e6s", text: "Vale, ahora voy.", categoryId: "col" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "¿Dirías cada expresión a un amigo o a una persona a la que tratas de usted?" },
    },
  },
  {
    key: "adequacy-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "Escribes una carta al alcalde de tu ciudad para pedirle un parque. ¿Qué saludo es el adecuado?",
      kcs: [KC.adequacy],
      data: {
        choices: [
          { id: "s4d", text: "¡Hola, colega!", correct: false },
          { id: "s9f", text: "¿Qué pasa, alcalde?", correct: false },
          { id: "s2g", text: "Querido amigo:", correct: false },
          { id: "s7h", text: "Estimado señor alcalde:", correct: true },
        ],
      },
      feedback: { correct: "¡Correcto! Es formal y respetuoso.", incorrect: "El alcalde es una autoridad que no conoces personalmente: elige el registro formal." },
    },
  },
  {
    key: "adequacy-5",
    difficulty: 3,
    question: {
      type: "QT_5",
      prompt: "¿Es adecuado cada texto a su situación?",
      kcs: [KC.adequacy],
      data: {
        rows: [
          { id: "w3j", text: "Un mensaje a tu mejor amigo: «¿Quedamos a las seis?»", correctColumnId: "ok" },
          { id: "w8k", text: "Una solicitud al ayuntamiento: «Arreglad la farola, porfa».", correctColumnId: "ko" },
          { id: "w1l", text: "Una noticia: «El pasado lunes se inauguró la nueva biblioteca municipal».", correctColumnId: "ok" },
          { id: "w6z", text: "Un cuento para niños de cuatro años lleno de palabras técnicas como «fotosíntesis».", correctColumnId: "ko" },
        ],
        columns: [
          { id: "ok", text: "Adecuado" },
          { id: "ko", text: "No adecuado" },
        ],
      },
      feedback: { correct: "¡Excelente!", incorrect: "Para cada texto, piensa en quién lo va a leer y si el lenguaje encaja con esa persona y esa situación." },
    },
  },
  {
    key: "coherence-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Un texto es coherente cuando...",
      kcs: [KC.coherence],
      data: {
        choices: [
          { id: "c2x", text: "no tiene faltas de ortografía.", correct: false },
          { id: "c7c", text: "usa un registro formal.", correct: false },
          { id: "c4v", text: "sus ideas tratan de un mismo tema, no se contradicen y siguen un orden lógico.", correct: true },
          { id: "c9b", text: "es muy largo.", correct: false },
        ],
      },
      feedback: { correct: "¡Bien!", incorrect: "La coherencia tiene que ver con el sentido del contenido, no con la forma ni con la extensión." },
    },
  },
  {
    key: "coherence-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "«Ayer llovió sin parar todo el día, así que fuimos a la playa a tomar el sol porque hacía un día espléndido» es un texto coherente.",
      kcs: [KC.coherence],
      data: { correct: false },
      feedback: { correct: "Correcto: hay una contradicción entre la lluvia y el día espléndido.", incorrect: "Lee con atención: ¿pueden ser ciertas a la vez todas las ideas?" },
    },
  },
  {
    key: "coherence-3",
    difficulty: 2,
    question: {
      type: "QT_15",
      prompt: "Ordena las oraciones para formar un texto coherente.",
      kcs: [KC.coherence],
      data: {
        items: [
          { id: "o5n", text: "Lucía se despertó temprano el primer día de curso." },
          { id: "o1m", text: "Desayunó deprisa un vaso de leche con tostadas." },
          { id: "o8q", text: "Después, cogió la mochila y salió corriendo de casa." },
          { id: "o3w", text: "Llegó al instituto justo cuando sonaba el timbre." },
          { id: "o6e", text: "Al final de la jornada, volvió a casa cansada pero contenta." },
        ],
      },
      feedback: { correct: "¡Muy bien! Las ideas siguen el orden en que ocurren.", incorrect: "Sigue el orden del tiempo: fíjate en palabras como «después» o «al final»." },
    },
  },
  {
    key: "coherence-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt:
        "¿Qué oración rompe la coherencia de este texto? «Los delfines son mamíferos marinos. Respiran aire por un orificio que tienen en la cabeza. Mi tía tiene un coche rojo. Viven en grupos y se comunican con sonidos.»",
      kcs: [KC.coherence],
      data: {
        choices: [
          { id: "h4r", text: "Los delfines son mamíferos marinos.", correct: false },
          { id: "h9t", text: "Respiran aire por un orificio que tienen en la cabeza.", correct: false },
          { id: "h2y", text: "Mi tía tiene un coche rojo.", correct: true },
          { id: "h7u", text: "Viven en grupos y se comunican con sonidos.", correct: false },
        ],
      },
      feedback: { correct: "¡Correcto! No tiene nada que ver con el tema del texto.", incorrect: "¿Cuál es el tema del texto? Busca la oración que no habla de él." },
    },
  },
  {
    key: "coherence-5",
    difficulty: 3,
    question: {
      type: "QT_2",
      prompt:
        "Lee el texto: «Mi abuela tiene 30 años y lleva 50 trabajando de maestra. Le encanta leer novelas. El fútbol se juega con once jugadores.» ¿Qué fallos de coherencia tiene?",
      kcs: [KC.coherence],
      data: {
        choices: [
          { id: "k1i", text: "Hay una contradicción entre la edad de la abuela y los años que lleva trabajando.", correct: true },
          { id: "k6o", text: "Incluye una idea que no tiene relación con el tema.", correct: true },
          { id: "k3p", text: "Le faltan signos de exclamación.", correct: false },
          { id: "k8a", text: "Está escrito en registro formal.", correct: false },
        ],
      },
      feedback: { correct: "¡Excelente!", incorrect: "Busca ideas imposibles a la vez e ideas que se salen del tema. La puntuación y el registro son otra cosa." },
    },
  },
  {
    key: "cohesion-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué conector expresa oposición?",
      kcs: [KC.cohesion],
      data: {
        choices: [
          { id: "n7s", text: "además", correct: false },
          { id: "n2d", text: "por tanto", correct: false },
          { id: "n9f", text: "sin embargo", correct: true },
          { id: "n4g", text: "en primer lugar", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Introduce una idea que se opone a la anterior, como «pero».", incorrect: "Busca el conector que podrías cambiar por «pero»." },
    },
  },
  {
    key: "cohesion-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "En «Ana compró un libro y lo leyó en dos días», el pronombre «lo» se refiere a «libro».",
      kcs: [KC.cohesion],
      data: { correct: true },
      feedback: { correct: "Correcto: el pronombre evita repetir la palabra «libro».", incorrect: "¿Qué fue lo que leyó Ana?" },
    },
  },
  {
    key: "cohesion-3",
    difficulty: 2,
    question: {
      type: "QT_8",
      prompt: "Arrastra cada conector a su hueco.",
      kcs: [KC.cohesion],
      data: {
        text: "Quería ir al cine; [[g3h]], no tenía dinero. [[j8k]], me quedé en casa. [[l1z]], aproveché para leer un rato.",
        tokens: [
          { id: "x5c", text: "Por eso" },
          { id: "x2v", text: "sin embargo" },
          { id: "x9b", text: "Porque" },
          { id: "x6n", text: "Además" },
        ],
        gaps: [
          { id: "g3h", tokenId: "x2v" },
          { id: "j8k", tokenId: "x5c" },
          { id: "l1z", tokenId: "x6n" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "El primer hueco introduce un obstáculo; el segundo, una consecuencia; el tercero, algo que se añade." },
    },
  },
  {
    key: "cohesion-4",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica los conectores según su significado.",
      kcs: [KC.cohesion],
      data: {
        categories: [
          { id: "adi", text: "Adición" },
          { id: "opo", text: "Oposición" },
          { id: "cns", text: "Consecuencia" },
          { id: "ord", text: "Orden" },
        ],
        items: [
          { id: "q4m", text: "además", categoryId: "adi" },
          { id: "q9q", text: "pero", categoryId: "opo" },
          { id: "q2w", text: "por tanto", categoryId: "cns" },
          { id: "q7e", text: "en primer lugar", categoryId: "ord" },
          { id: "q5r", text: "también", categoryId: "adi" },
          { id: "q1t", text: "sin embargo", categoryId: "opo" },
          { id: "q8y", text: "así que", categoryId: "cns" },
          { id: "q3u", text: "finalmente", categoryId: "ord" },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Prueba cada conector en una oración: ¿suma una idea, la contradice, saca una conclusión u ordena?" },
    },
  },
  {
    key: "cohesion-5",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "«Fuimos a Toledo en junio. Allí visitamos la catedral.» ¿A qué se refiere «allí»?",
      kcs: [KC.cohesion],
      data: {
        choices: [
          { id: "w5i", text: "A junio", correct: false },
          { id: "w1o", text: "A Toledo", correct: true },
          { id: "w8p", text: "A la catedral", correct: false },
          { id: "w3a", text: "A nosotros", correct: false },
        ],
      },
      feedback: { correct: "¡Correcto! «Allí» sustituye a un lugar ya nombrado.", incorrect: "«Allí» señala un lugar: busca en la oración anterior qué lugar se ha nombrado." },
    },
  },
  {
    key: "cohesion-6",
    difficulty: 3,
    question: {
      type: "QT_7",
      prompt: "Evita la repetición: escribe el pronombre que sustituye a «al perro» en la segunda oración.",
      kcs: [KC.cohesion],
      data: {
        text: "Pedro tiene un perro. [[v8s]] pasea cada tarde por el parque.",
        gaps: [{ id: "v8s", answers: ["Lo"] }],
      },
      feedback: { correct: "¡Excelente! «Lo pasea» evita repetir «pasea al perro».", incorrect: "Necesitas un pronombre masculino singular que vaya delante del verbo, como en «lo veo»." },
    },
  },
];

/** Unit 2, lessons 1 and 2: the structure of the word; the noun and its classes. */
const WORDS_AND_NOUNS: readonly BankQuestion[] = [
  {
    key: "morph-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cuál es el lexema de la palabra «panadero»?",
      kcs: [KC.morph],
      data: {
        choices: [
          { id: "l5k", text: "-adero", correct: false },
          { id: "l2j", text: "pan-", correct: true },
          { id: "l8h", text: "panad-", correct: false },
          { id: "l4g", text: "-ero", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! El lexema aporta el significado: «pan».", incorrect: "El lexema es la parte que comparte con palabras como «panadería» o «empanada»." },
    },
  },
  {
    key: "morph-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "En la palabra «gatas», el morfema -a indica género femenino y el morfema -s indica plural.",
      kcs: [KC.morph],
      data: { correct: true },
      feedback: { correct: "Correcto: gat- (lexema) + -a (femenino) + -s (plural).", incorrect: "Compara «gatas» con «gato» y con «gata»." },
    },
  },
  {
    key: "morph-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Separa las partes de la palabra «niñas».",
      kcs: [KC.morph],
      data: {
        text: "Lexema: [[f6d]]. Morfema de género: [[s3a]]. Morfema de número: [[p9o]].",
        gaps: [
          { id: "f6d", answers: ["niñ", "niñ-"] },
          { id: "s3a", answers: ["a", "-a"] },
          { id: "p9o", answers: ["s", "-s"] },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "El lexema es lo que queda al quitar las terminaciones de femenino y de plural." },
    },
  },
  {
    key: "morph-4",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica la parte señalada de cada palabra.",
      kcs: [KC.morph],
      data: {
        categories: [
          { id: "lx", text: "Lexema" },
          { id: "mf", text: "Morfema" },
        ],
        items: [
          { id: "i7u", text: "libr- en «librería»", categoryId: "lx" },
          { id: "i2y", text: "-ería en «librería»", categoryId: "mf" },
          { id: "i9t", text: "des- en «deshacer»", categoryId: "mf" },
          { id: "i4r", text: "-s en «casas»", categoryId: "mf" },
          { id: "i6e", text: "flor- en «florero»", categoryId: "lx" },
          { id: "i1w", text: "-ito en «perrito»", categoryId: "mf" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "El lexema lleva el significado principal; los morfemas añaden matices como plural, tamaño o lugar." },
    },
  },
  {
    key: "morph-5",
    difficulty: 3,
    question: {
      type: "QT_17",
      prompt: "Escribe el lexema que comparten las palabras «marino», «marinero» y «submarino».",
      kcs: [KC.morph, KC.family],
      data: { answers: ["mar", "mar-"] },
      feedback: { correct: "¡Exacto! Todas se relacionan con el significado de «mar».", incorrect: "Quita los prefijos y sufijos: ¿qué parte se repite y aporta el significado?" },
    },
  },
  {
    key: "formation-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué tipo de palabra es «sacapuntas»?",
      kcs: [KC.formation],
      data: {
        choices: [
          { id: "s4v", text: "Simple", correct: false },
          { id: "s9b", text: "Derivada", correct: false },
          { id: "s1n", text: "Compuesta", correct: true },
        ],
      },
      feedback: { correct: "¡Bien! Une dos palabras: «saca» y «puntas».", incorrect: "¿Puedes encontrar dos palabras dentro de «sacapuntas»?" },
    },
  },
  {
    key: "formation-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "«Zapatería» es una palabra derivada.",
      kcs: [KC.formation],
      data: { correct: true },
      feedback: { correct: "Correcto: zapat- + el sufijo -ería.", incorrect: "Busca si a la palabra «zapato» se le ha añadido algo." },
    },
  },
  {
    key: "formation-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica las palabras según cómo están formadas.",
      kcs: [KC.formation],
      data: {
        categories: [
          { id: "sim", text: "Simple" },
          { id: "der", text: "Derivada" },
          { id: "com", text: "Compuesta" },
        ],
        items: [
          { id: "w3m", text: "mesa", categoryId: "sim" },
          { id: "w8q", text: "mesita", categoryId: "der" },
          { id: "w2e", text: "cumpleaños", categoryId: "com" },
          { id: "w6r", text: "sol", categoryId: "sim" },
          { id: "w9t", text: "deshacer", categoryId: "der" },
          { id: "w1y", text: "paraguas", categoryId: "com" },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Simple: solo un lexema. Derivada: lexema con prefijo o sufijo. Compuesta: dos o más palabras unidas." },
    },
  },
  {
    key: "formation-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Completa las definiciones.",
      kcs: [KC.formation],
      data: {
        text: "Una palabra [[u4i]] se forma añadiendo prefijos o sufijos a un lexema. Una palabra [[o9p]] se forma uniendo dos o más palabras.",
        gaps: [
          { id: "u4i", answers: ["derivada"] },
          { id: "o9p", answers: ["compuesta"] },
        ],
      },
      feedback: { correct: "¡Correcto!", incorrect: "Piensa en «panadero» para la primera y en «sacacorchos» para la segunda." },
    },
  },
  {
    key: "formation-5",
    difficulty: 3,
    question: {
      type: "QT_2",
      prompt: "¿Cuáles de estas palabras son compuestas?",
      kcs: [KC.formation],
      data: {
        choices: [
          { id: "c5a", text: "agridulce", correct: true },
          { id: "c2s", text: "panadería", correct: false },
          { id: "c8d", text: "pelirrojo", correct: true },
          { id: "c3f", text: "inútil", correct: false },
          { id: "c7g", text: "limpiaparabrisas", correct: true },
          { id: "c1h", text: "florero", correct: false },
        ],
      },
      feedback: { correct: "¡Excelente! agri(o) + dulce, pel(o) + rojo, limpia + para + brisas.", incorrect: "Busca dos palabras dentro de cada una; a veces una de ellas cambia un poco al unirse." },
    },
  },
  {
    key: "family-1",
    difficulty: 1,
    question: {
      type: "QT_2",
      prompt: "¿Qué palabras pertenecen a la familia léxica de «mar»?",
      kcs: [KC.family],
      data: {
        choices: [
          { id: "f4j", text: "marinero", correct: true },
          { id: "f9k", text: "martes", correct: false },
          { id: "f2l", text: "submarino", correct: true },
          { id: "f7z", text: "mármol", correct: false },
          { id: "f5x", text: "marino", correct: true },
        ],
      },
      feedback: { correct: "¡Bien! Todas comparten el lexema y el significado de «mar».", incorrect: "No basta con que empiecen por «mar»: su significado tiene que estar relacionado con el mar." },
    },
  },
  {
    key: "family-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "«Panadero» y «empanada» pertenecen a la misma familia léxica.",
      kcs: [KC.family],
      data: { correct: true },
      feedback: { correct: "Correcto: las dos comparten el lexema pan-.", incorrect: "Busca la parte común de las dos palabras y piensa en su significado." },
    },
  },
  {
    key: "family-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica cada palabra en su familia léxica.",
      kcs: [KC.family],
      data: {
        categories: [
          { id: "flr", text: "Familia de «flor»" },
          { id: "tie", text: "Familia de «tierra»" },
        ],
        items: [
          { id: "a6v", text: "florero", categoryId: "flr" },
          { id: "a1b", text: "aterrizar", categoryId: "tie" },
          { id: "a8n", text: "floristería", categoryId: "flr" },
          { id: "a3m", text: "terreno", categoryId: "tie" },
          { id: "a5q", text: "florecer", categoryId: "flr" },
          { id: "a9w", text: "enterrar", categoryId: "tie" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Busca en cada palabra el lexema flor- o el lexema terr-, aunque vaya con prefijos." },
    },
  },
  {
    key: "family-4",
    difficulty: 2,
    question: {
      type: "QT_1",
      prompt: "¿Qué palabra NO pertenece a la familia léxica de «libro»?",
      kcs: [KC.family],
      data: {
        choices: [
          { id: "b2e", text: "librería", correct: false },
          { id: "b6r", text: "libreta", correct: false },
          { id: "b9t", text: "libre", correct: true },
          { id: "b4y", text: "librero", correct: false },
        ],
      },
      feedback: { correct: "¡Correcto! «Libre» se parece, pero su significado no tiene nada que ver con los libros.", incorrect: "Todas se parecen en la forma: fíjate en cuál no tiene relación de significado con «libro»." },
    },
  },
  {
    key: "family-5",
    difficulty: 3,
    question: {
      type: "QT_7",
      prompt: "Completa con palabras de la familia léxica de «zapato».",
      kcs: [KC.family, KC.formation],
      data: {
        text: "La persona que hace o arregla zapatos es el [[z7u]]. La tienda donde se venden zapatos es la [[y3i]].",
        gaps: [
          { id: "z7u", answers: ["zapatero"] },
          { id: "y3i", answers: ["zapatería"] },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Añade al lexema zapat- los sufijos de oficio (-ero) y de tienda (-ería), como en «panadero» y «panadería»." },
    },
  },
  {
    key: "noun-1",
    difficulty: 1,
    question: {
      type: "QT_2",
      prompt: "¿Cuáles de estas palabras son sustantivos?",
      kcs: [KC.nounIdentify],
      data: {
        choices: [
          { id: "n3o", text: "mesa", correct: true },
          { id: "n8p", text: "correr", correct: false },
          { id: "n1a", text: "alegría", correct: true },
          { id: "n6s", text: "azul", correct: false },
          { id: "n4d", text: "Madrid", correct: true },
          { id: "n9f", text: "rápidamente", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Nombran un objeto, un sentimiento y un lugar.", incorrect: "Un sustantivo nombra personas, animales, cosas, lugares o ideas. Prueba a ponerle delante «el» o «la»." },
    },
  },
  {
    key: "noun-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "«Felicidad» es un sustantivo, aunque nombra algo que no se puede tocar.",
      kcs: [KC.nounIdentify],
      data: { correct: true },
      feedback: { correct: "Correcto: los sustantivos también nombran ideas y sentimientos.", incorrect: "¿Puedes decir «la felicidad»? Los sustantivos no solo nombran objetos." },
    },
  },
  {
    key: "noun-3",
    difficulty: 2,
    question: {
      type: "QT_2",
      prompt: "Señala los sustantivos de la oración «El perro de mi vecina ladra por la noche».",
      kcs: [KC.nounIdentify],
      data: {
        choices: [
          { id: "p5g", text: "El", correct: false },
          { id: "p2h", text: "perro", correct: true },
          { id: "p7j", text: "mi", correct: false },
          { id: "p3k", text: "vecina", correct: true },
          { id: "p8l", text: "ladra", correct: false },
          { id: "p1z", text: "noche", correct: true },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Los sustantivos suelen ir detrás de un artículo o de un posesivo. «Ladra» es una acción." },
    },
  },
  {
    key: "noun-4",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "¿Cuántos sustantivos hay en la oración «Mi hermana compró pan y leche en la tienda»? Escribe el número.",
      kcs: [KC.nounIdentify],
      data: { answers: ["4", "cuatro"] },
      feedback: { correct: "¡Exacto! hermana, pan, leche y tienda.", incorrect: "Busca las palabras que nombran personas y cosas; deja fuera la acción y las palabras pequeñas como «mi» o «en»." },
    },
  },
  {
    key: "noun-5",
    difficulty: 3,
    question: {
      type: "QT_1",
      prompt: "¿En qué oración la palabra «joven» funciona como sustantivo?",
      kcs: [KC.nounIdentify],
      data: {
        choices: [
          { id: "j4x", text: "Es un árbol joven.", correct: false },
          { id: "j9c", text: "Tu abuela parece muy joven.", correct: false },
          { id: "j2v", text: "El joven llegó tarde al autobús.", correct: true },
          { id: "j7b", text: "Tiene un aspecto joven.", correct: false },
        ],
      },
      feedback: { correct: "¡Excelente! Con el artículo, «joven» nombra a una persona.", incorrect: "Busca la oración en que «joven» nombra a alguien en lugar de decir cómo es algo." },
    },
  },
  {
    key: "noun-classes-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "«Valencia» es un sustantivo...",
      kcs: [KC.nounClasses],
      data: {
        choices: [
          { id: "v3n", text: "común", correct: false },
          { id: "v8m", text: "colectivo", correct: false },
          { id: "v1q", text: "abstracto", correct: false },
          { id: "v6w", text: "propio", correct: true },
        ],
      },
      feedback: { correct: "¡Bien! Nombra un lugar concreto y se escribe con mayúscula.", incorrect: "Fíjate en la letra inicial: ¿nombra una ciudad cualquiera o una en particular?" },
    },
  },
  {
    key: "noun-classes-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "«Rebaño» es un sustantivo colectivo.",
      kcs: [KC.nounClasses],
      data: { correct: true },
      feedback: { correct: "Correcto: en singular nombra un conjunto de ovejas.", incorrect: "¿Nombra un solo animal o un grupo?" },
    },
  },
  {
    key: "noun-classes-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica los sustantivos en concretos y abstractos.",
      kcs: [KC.nounClasses],
      data: {
        categories: [
          { id: "cn", text: "Concreto" },
          { id: "ab", text: "Abstracto" },
        ],
        items: [
          { id: "e5r", text: "mesa", categoryId: "cn" },
          { id: "e2t", text: "amistad", categoryId: "ab" },
          { id: "e8y", text: "miedo", categoryId: "ab" },
          { id: "e3u", text: "perro", categoryId: "cn" },
          { id: "e7i", text: "libertad", categoryId: "ab" },
          { id: "e1o", text: "ordenador", categoryId: "cn" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Concreto: se puede percibir con los sentidos. Abstracto: solo se puede pensar o sentir." },
    },
  },
  {
    key: "noun-classes-4",
    difficulty: 2,
    question: {
      type: "QT_5",
      prompt: "Indica si cada sustantivo es contable o incontable.",
      kcs: [KC.nounClasses],
      data: {
        rows: [
          { id: "k4p", text: "manzana", correctColumnId: "ct" },
          { id: "k9a", text: "arena", correctColumnId: "in" },
          { id: "k2s", text: "agua", correctColumnId: "in" },
          { id: "k7d", text: "silla", correctColumnId: "ct" },
          { id: "k5f", text: "arroz", correctColumnId: "in" },
          { id: "k1g", text: "lápiz", correctColumnId: "ct" },
        ],
        columns: [
          { id: "ct", text: "Contable" },
          { id: "in", text: "Incontable" },
        ],
      },
      feedback: { correct: "¡Perfecto!", incorrect: "Prueba a poner un número delante: ¿se dice «tres manzanas»? ¿Y «tres arenas»?" },
    },
  },
  {
    key: "noun-classes-5",
    difficulty: 3,
    question: {
      type: "QT_14",
      prompt: "Une cada sustantivo colectivo con el individual que le corresponde.",
      kcs: [KC.nounClasses],
      data: {
        items: [
          { id: "g6h", text: "enjambre", matchId: "h3j" },
          { id: "g1j", text: "jauría", matchId: "h8k" },
          { id: "g9k", text: "arboleda", matchId: "h5l" },
          { id: "g4l", text: "alumnado", matchId: "h2z" },
        ],
        matches: [
          { id: "h2z", text: "alumno" },
          { id: "h3j", text: "abeja" },
          { id: "h5l", text: "árbol" },
          { id: "h7x", text: "oveja" },
          { id: "h8k", text: "perro" },
        ],
      },
      feedback: { correct: "¡Excelente!", incorrect: "Piensa de qué está formado cada grupo; en algunos casos te ayuda el lexema." },
    },
  },
];

/** Unit 2, lessons 3 and 4: gender and number of the noun; the adjective. */
const GENDER_NUMBER_ADJECTIVE: readonly BankQuestion[] = [
  {
    key: "gender-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cuál es el femenino de «actor»?",
      kcs: [KC.gender],
      data: {
        choices: [
          { id: "a7c", text: "actora", correct: false },
          { id: "a2v", text: "actriz", correct: true },
          { id: "a9b", text: "actriza", correct: false },
          { id: "a4n", text: "actra", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Como emperador → emperatriz.", incorrect: "Algunos sustantivos forman el femenino con la terminación -triz." },
    },
  },
  {
    key: "gender-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "El femenino de «profesor» es «profesora».",
      kcs: [KC.gender],
      data: { correct: true },
      feedback: { correct: "Correcto: se añade -a.", incorrect: "Piensa en cómo llamas a una mujer que da clase." },
    },
  },
  {
    key: "gender-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Escribe el femenino de cada sustantivo.",
      kcs: [KC.gender],
      data: {
        text: "el conde → la [[m5q]]\nel poeta → la [[n2w]]\nel héroe → la [[b8e]]",
        gaps: [
          { id: "m5q", answers: ["condesa"] },
          { id: "n2w", answers: ["poeta", "poetisa"] },
          { id: "b8e", answers: ["heroína"] },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Recuerda las terminaciones -esa, -isa e -ina; y que algunos sustantivos solo cambian el artículo." },
    },
  },
  {
    key: "gender-4",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica los sustantivos según su género. ¡Cuidado con la terminación!",
      kcs: [KC.gender],
      data: {
        categories: [
          { id: "ms", text: "Masculino" },
          { id: "fm", text: "Femenino" },
        ],
        items: [
          { id: "d3r", text: "mapa", categoryId: "ms" },
          { id: "d8t", text: "mano", categoryId: "fm" },
          { id: "d1y", text: "día", categoryId: "ms" },
          { id: "d6u", text: "foto", categoryId: "fm" },
          { id: "d4i", text: "problema", categoryId: "ms" },
          { id: "d9o", text: "moto", categoryId: "fm" },
        ],
      },
      feedback: { correct: "¡Perfecto! La terminación -o o -a no siempre indica el género.", incorrect: "Ponle delante «el» o «la» a cada sustantivo y escucha cómo suena." },
    },
  },
  {
    key: "gender-5",
    difficulty: 2,
    question: {
      type: "QT_17",
      prompt: "Escribe el femenino de «alcalde».",
      kcs: [KC.gender],
      data: { answers: ["alcaldesa", "la alcaldesa"] },
      feedback: { correct: "¡Correcto!", incorrect: "Forma el femenino como en «conde» o «duque»." },
    },
  },
  {
    key: "gender-6",
    difficulty: 3,
    question: {
      type: "QT_1",
      prompt: "¿Qué sustantivo forma el femenino con el sufijo -isa?",
      kcs: [KC.gender],
      data: {
        choices: [
          { id: "s2p", text: "duque", correct: false },
          { id: "s7a", text: "emperador", correct: false },
          { id: "s4s", text: "sacerdote", correct: true },
          { id: "s9d", text: "gallo", correct: false },
        ],
      },
      feedback: { correct: "¡Excelente! sacerdote → sacerdotisa.", incorrect: "Di el femenino de cada uno en voz alta y busca el que termina en -isa." },
    },
  },
  {
    key: "number-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Cuál es el plural de «lápiz»?",
      kcs: [KC.number],
      data: {
        choices: [
          { id: "p3f", text: "lápizes", correct: false },
          { id: "p8g", text: "lápises", correct: false },
          { id: "p1h", text: "lápices", correct: true },
          { id: "p6j", text: "lápiz", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! La z se convierte en c delante de e.", incorrect: "Recuerda que en español casi nunca se escribe «ze»." },
    },
  },
  {
    key: "number-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "El plural de «reloj» es «relojes».",
      kcs: [KC.number],
      data: { correct: true },
      feedback: { correct: "Correcto: termina en consonante y añade -es.", incorrect: "¿Qué se añade a las palabras que terminan en consonante para formar el plural?" },
    },
  },
  {
    key: "number-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Escribe el plural de cada sustantivo.",
      kcs: [KC.number],
      data: {
        text: "el rey → los [[k4l]]\nel jabalí → los [[z9x]]\nla crisis → las [[c2v]]",
        gaps: [
          { id: "k4l", answers: ["reyes"] },
          { id: "z9x", answers: ["jabalíes", "jabalís"] },
          { id: "c2v", answers: ["crisis"] },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Las palabras acabadas en -y añaden -es; y las llanas acabadas en -s no cambian." },
    },
  },
  {
    key: "number-4",
    difficulty: 2,
    question: {
      type: "QT_2",
      prompt: "¿Qué sustantivos tienen la misma forma en singular y en plural?",
      kcs: [KC.number],
      data: {
        choices: [
          { id: "l7b", text: "el lunes", correct: true },
          { id: "l2n", text: "el autobús", correct: false },
          { id: "l5m", text: "la tesis", correct: true },
          { id: "l9q", text: "el mes", correct: false },
          { id: "l3w", text: "el virus", correct: true },
        ],
      },
      feedback: { correct: "¡Correcto! Son palabras llanas terminadas en -s.", incorrect: "Di el plural de cada uno con «los» o «las». Fíjate en dónde cae el acento." },
    },
  },
  {
    key: "number-5",
    difficulty: 3,
    question: {
      type: "QT_13",
      prompt: "Clasifica los sustantivos según su número.",
      kcs: [KC.number],
      data: {
        categories: [
          { id: "sg", text: "Solo se usa en singular" },
          { id: "pl", text: "Solo se usa en plural" },
          { id: "bo", text: "Tiene singular y plural" },
        ],
        items: [
          { id: "r5e", text: "víveres", categoryId: "pl" },
          { id: "r1r", text: "salud", categoryId: "sg" },
          { id: "r8t", text: "afueras", categoryId: "pl" },
          { id: "r3y", text: "sed", categoryId: "sg" },
          { id: "r6u", text: "canción", categoryId: "bo" },
          { id: "r2i", text: "mesa", categoryId: "bo" },
        ],
      },
      feedback: { correct: "¡Excelente!", incorrect: "Intenta decir cada palabra en singular y en plural. ¿Suenan bien las dos formas?" },
    },
  },
  {
    key: "special-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿Qué es un sustantivo heterónimo?",
      kcs: [KC.special],
      data: {
        choices: [
          { id: "h8o", text: "El que tiene una sola forma para el macho y la hembra, como «jirafa»", correct: false },
          { id: "h3p", text: "El que forma el femenino con una palabra distinta, como «caballo» y «yegua»", correct: true },
          { id: "h6a", text: "El que puede usarse en masculino o en femenino sin cambiar de significado, como «mar»", correct: false },
          { id: "h1s", text: "El que solo se usa en plural", correct: false },
        ],
      },
      feedback: { correct: "¡Bien!", incorrect: "«Hetero-» significa «distinto». ¿Qué es distinto en estos sustantivos?" },
    },
  },
  {
    key: "special-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "«Jirafa» es un sustantivo epiceno: para indicar el sexo se dice «jirafa macho» o «jirafa hembra».",
      kcs: [KC.special],
      data: { correct: true },
      feedback: { correct: "Correcto: una sola forma y un solo artículo para los dos sexos.", incorrect: "¿Existe la palabra «jirafo»?" },
    },
  },
  {
    key: "special-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica los sustantivos.",
      kcs: [KC.special],
      data: {
        categories: [
          { id: "het", text: "Heterónimo" },
          { id: "epi", text: "Epiceno" },
          { id: "amb", text: "Ambiguo" },
        ],
        items: [
          { id: "t4d", text: "toro / vaca", categoryId: "het" },
          { id: "t9f", text: "hormiga", categoryId: "epi" },
          { id: "t2g", text: "el mar / la mar", categoryId: "amb" },
          { id: "t7h", text: "padre / madre", categoryId: "het" },
          { id: "t5j", text: "águila", categoryId: "epi" },
          { id: "t1k", text: "el azúcar / la azúcar", categoryId: "amb" },
        ],
      },
      feedback: {
        correct: "¡Perfecto!",
        incorrect: "Heterónimo: dos palabras distintas. Epiceno: una palabra para los dos sexos. Ambiguo: admite los dos artículos con el mismo significado.",
      },
    },
  },
  {
    key: "special-4",
    difficulty: 2,
    question: {
      type: "QT_14",
      prompt: "Une cada sustantivo masculino con su femenino heterónimo.",
      kcs: [KC.special, KC.gender],
      data: {
        items: [
          { id: "m6l", text: "caballo", matchId: "f3z" },
          { id: "m2z", text: "carnero", matchId: "f8x" },
          { id: "m8x", text: "yerno", matchId: "f1c" },
          { id: "m4c", text: "hombre", matchId: "f5v" },
        ],
        matches: [
          { id: "f1c", text: "nuera" },
          { id: "f3z", text: "yegua" },
          { id: "f5v", text: "mujer" },
          { id: "f7b", text: "cabra" },
          { id: "f8x", text: "oveja" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "Piensa en la pareja de cada uno: la cabra es la pareja del macho cabrío, no del carnero." },
    },
  },
  {
    key: "special-5",
    difficulty: 3,
    question: {
      type: "QT_3",
      prompt: "«El cometa» y «la cometa» muestran que «cometa» es un sustantivo ambiguo en cuanto al género.",
      kcs: [KC.special],
      data: { correct: false },
      feedback: {
        correct: "Correcto: no es ambiguo, porque al cambiar el artículo cambia el significado (un astro y un juguete).",
        incorrect: "En un sustantivo ambiguo, el significado no cambia con el artículo. ¿Qué es «el cometa»? ¿Y «la cometa»?",
      },
    },
  },
  {
    key: "agree-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "Elige el adjetivo que concuerda: «las casas ___».",
      kcs: [KC.agree],
      data: {
        choices: [
          { id: "c9n", text: "blanco", correct: false },
          { id: "c4m", text: "blancas", correct: true },
          { id: "c7q", text: "blanca", correct: false },
          { id: "c2w", text: "blancos", correct: false },
        ],
      },
      feedback: { correct: "¡Bien! Femenino y plural, como «casas».", incorrect: "El adjetivo tiene el mismo género y número que el sustantivo." },
    },
  },
  {
    key: "agree-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "En «unos zapatos cómodos», el adjetivo concuerda en género y número con el sustantivo.",
      kcs: [KC.agree],
      data: { correct: true },
      feedback: { correct: "Correcto: los dos son masculinos y plurales.", incorrect: "Mira si «zapatos» y «cómodos» son los dos masculinos y los dos plurales." },
    },
  },
  {
    key: "agree-3",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Completa con el adjetivo «rojo» en la forma que concuerde con cada sustantivo.",
      kcs: [KC.agree],
      data: {
        text: "una manzana [[e3r]], unos coches [[t8y]], unas flores [[y1u]]",
        gaps: [
          { id: "e3r", answers: ["roja"] },
          { id: "t8y", answers: ["rojos"] },
          { id: "y1u", answers: ["rojas"] },
        ],
      },
      feedback: { correct: "¡Correcto!", incorrect: "Mira el artículo de cada sustantivo: te dice su género y su número." },
    },
  },
  {
    key: "agree-4",
    difficulty: 2,
    question: {
      type: "QT_5",
      prompt: "¿Es correcta la concordancia en cada grupo?",
      kcs: [KC.agree],
      data: {
        rows: [
          { id: "o5i", text: "la camisa nueva", correctColumnId: "ok" },
          { id: "o2o", text: "los libros interesante", correctColumnId: "ko" },
          { id: "o8p", text: "unas niñas simpáticos", correctColumnId: "ko" },
          { id: "o4a", text: "un árbol alto", correctColumnId: "ok" },
          { id: "o9s", text: "el agua fría", correctColumnId: "ok" },
        ],
        columns: [
          { id: "ok", text: "Correcta" },
          { id: "ko", text: "Incorrecta" },
        ],
      },
      feedback: { correct: "¡Muy bien! «Agua» es femenino, aunque lleve «el».", incorrect: "Comprueba el género y el número de cada pareja. Ojo: algunos sustantivos femeninos llevan «el»." },
    },
  },
  {
    key: "agree-5",
    difficulty: 3,
    question: {
      type: "QT_1",
      prompt: "¿Qué grupo tiene la concordancia correcta?",
      kcs: [KC.agree],
      data: {
        choices: [
          { id: "w6d", text: "el agua claro", correct: false },
          { id: "w1f", text: "la agua clara", correct: false },
          { id: "w8g", text: "el agua clara", correct: true },
          { id: "w3h", text: "el agua claros", correct: false },
        ],
      },
      feedback: {
        correct: "¡Excelente! «Agua» es femenino: lleva «el» solo porque empieza por a tónica.",
        incorrect: "Piensa en el plural: «las aguas». ¿De qué género es «agua»?",
      },
    },
  },
  {
    key: "adj-types-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "En «la blanca nieve», el adjetivo «blanca» es...",
      kcs: [KC.adjTypes],
      data: {
        choices: [
          { id: "b5j", text: "especificativo", correct: false },
          { id: "b9k", text: "explicativo", correct: true },
        ],
      },
      feedback: { correct: "¡Bien! Toda la nieve es blanca: el adjetivo no la distingue de otra.", incorrect: "¿Hay nieve de otros colores de la que haya que distinguirla?" },
    },
  },
  {
    key: "adj-types-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "Los adjetivos especificativos distinguen al sustantivo de otros de su misma clase.",
      kcs: [KC.adjTypes],
      data: { correct: true },
      feedback: { correct: "Correcto: en «el jersey azul» distinguimos ese jersey de los demás.", incorrect: "Piensa en qué hace «azul» en «quiero el jersey azul, no el gris»." },
    },
  },
  {
    key: "adj-types-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica el adjetivo de cada grupo.",
      kcs: [KC.adjTypes],
      data: {
        categories: [
          { id: "esp", text: "Especificativo" },
          { id: "exp", text: "Explicativo" },
        ],
        items: [
          { id: "q2l", text: "la oscura noche", categoryId: "exp" },
          { id: "q7z", text: "el libro nuevo", categoryId: "esp" },
          { id: "q4x", text: "los alumnos aprobados", categoryId: "esp" },
          { id: "q9c", text: "la fría nieve", categoryId: "exp" },
          { id: "q1v", text: "la camiseta verde", categoryId: "esp" },
        ],
      },
      feedback: { correct: "¡Muy bien!", incorrect: "¿El adjetivo separa ese sustantivo de otros, o dice algo que ya sabemos de él? Fíjate también en su posición." },
    },
  },
  {
    key: "adj-types-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Completa.",
      kcs: [KC.adjTypes],
      data: {
        text: "El adjetivo [[v6b]] suele ir delante del sustantivo y expresa una cualidad que ya conocemos. El adjetivo [[n3m]] suele ir detrás y lo diferencia de otros.",
        gaps: [
          { id: "v6b", answers: ["explicativo"] },
          { id: "n3m", answers: ["especificativo"] },
        ],
      },
      feedback: { correct: "¡Correcto!", incorrect: "Piensa en «la blanca nieve» y en «el coche rojo»." },
    },
  },
  {
    key: "adj-types-5",
    difficulty: 3,
    question: {
      type: "QT_1",
      prompt: "¿En qué oración el adjetivo es explicativo?",
      kcs: [KC.adjTypes],
      data: {
        choices: [
          { id: "x8q", text: "Quiero el jersey azul, no el gris.", correct: false },
          { id: "x3w", text: "Los alumnos nuevos se sientan delante.", correct: false },
          { id: "x6e", text: "Las mansas ovejas pastaban en el prado.", correct: true },
          { id: "x1r", text: "Compramos pan integral.", correct: false },
        ],
      },
      feedback: { correct: "¡Excelente! Va delante y destaca una cualidad propia de las ovejas.", incorrect: "Busca el adjetivo que no sirve para elegir entre varios, sino para destacar una cualidad." },
    },
  },
  {
    key: "degrees-1",
    difficulty: 1,
    question: {
      type: "QT_1",
      prompt: "¿En qué grado está el adjetivo «altísimo»?",
      kcs: [KC.degrees],
      data: {
        choices: [
          { id: "g5t", text: "Positivo", correct: false },
          { id: "g2y", text: "Comparativo", correct: false },
          { id: "g8u", text: "Superlativo", correct: true },
        ],
      },
      feedback: { correct: "¡Bien! El sufijo -ísimo expresa la cualidad en grado máximo.", incorrect: "¿Qué añade la terminación -ísimo a «alto»?" },
    },
  },
  {
    key: "degrees-2",
    difficulty: 1,
    question: {
      type: "QT_3",
      prompt: "En «Mi hermano es menos alto que yo» hay un comparativo de inferioridad.",
      kcs: [KC.degrees],
      data: { correct: true },
      feedback: { correct: "Correcto: menos... que.", incorrect: "Fíjate en la palabra que va delante del adjetivo: «más», «menos» o «tan»." },
    },
  },
  {
    key: "degrees-3",
    difficulty: 2,
    question: {
      type: "QT_13",
      prompt: "Clasifica las oraciones según el grado del adjetivo.",
      kcs: [KC.degrees],
      data: {
        categories: [
          { id: "pos", text: "Positivo" },
          { id: "cmp", text: "Comparativo" },
          { id: "sup", text: "Superlativo" },
        ],
        items: [
          { id: "i3i", text: "Ana es alta.", categoryId: "pos" },
          { id: "i8o", text: "Luis es más alto que Pedro.", categoryId: "cmp" },
          { id: "i1p", text: "Este edificio es altísimo.", categoryId: "sup" },
          { id: "i6a", text: "Mi perro es tan listo como el tuyo.", categoryId: "cmp" },
          { id: "i4s", text: "Es el más rápido de la clase.", categoryId: "sup" },
          { id: "i9d", text: "La sopa está caliente.", categoryId: "pos" },
        ],
      },
      feedback: {
        correct: "¡Perfecto!",
        incorrect: "Positivo: solo la cualidad. Comparativo: compara con otro (más, menos, tan... que/como). Superlativo: grado máximo (-ísimo, el más... de).",
      },
    },
  },
  {
    key: "degrees-4",
    difficulty: 2,
    question: {
      type: "QT_7",
      prompt: "Escribe el superlativo de cada adjetivo con el sufijo -ísimo.",
      kcs: [KC.degrees],
      data: {
        text: "fácil → [[d7f]]\nrápido → [[f2g]]\namable → [[g9h]]",
        gaps: [
          { id: "d7f", answers: ["facilísimo"] },
          { id: "f2g", answers: ["rapidísimo"] },
          { id: "g9h", answers: ["amabilísimo"] },
        ],
      },
      feedback: { correct: "¡Muy bien! Y todos llevan tilde en -ísimo.", incorrect: "Quita la vocal final si la hay, añade -ísimo y recuerda la tilde. Ojo con «amable»: cambia un poco." },
    },
  },
  {
    key: "degrees-5",
    difficulty: 3,
    question: {
      type: "QT_14",
      prompt: "Une cada adjetivo con su superlativo culto.",
      kcs: [KC.degrees],
      data: {
        items: [
          { id: "k3j", text: "bueno", matchId: "s6k" },
          { id: "k8k", text: "malo", matchId: "s1l" },
          { id: "k5l", text: "grande", matchId: "s9z" },
          { id: "k2z", text: "pequeño", matchId: "s4x" },
        ],
        matches: [
          { id: "s1l", text: "pésimo" },
          { id: "s4x", text: "mínimo" },
          { id: "s6k", text: "óptimo" },
          { id: "s7c", text: "mejor" },
          { id: "s9z", text: "máximo" },
        ],
      },
      feedback: { correct: "¡Excelente!", incorrect: "Son formas heredadas del latín. Cuidado: una de las opciones es un comparativo, no un superlativo." },
    },
  },
];

export const LENGUA_BANK: readonly BankQuestion[] = [...COMMUNICATION, ...FUNCTIONS_AND_TEXTS, ...WORDS_AND_NOUNS, ...GENDER_NUMBER_ADJECTIVE];
