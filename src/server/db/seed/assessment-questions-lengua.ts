import { IMAGE_ZONES, questionImage } from "./assessment-images";
import type { SeedQuestion } from "./assessments";

/*
 * "Evaluación: la comunicación" (Lengua Castellana y Literatura 1º ESO, unit 1 lesson 1, "Los
 * elementos de la comunicación"): every question type once, on the elements of communication,
 * verbal and non-verbal codes, noise and context. Local ids are arbitrary on purpose.
 */

const KC = {
  elements: "LEN.COM.ELEM",
  code: "LEN.COM.CODE",
  noise: "LEN.COM.NOISE",
  context: "LEN.COM.CONTEXT",
} as const;

const Z = IMAGE_ZONES;

export const LENGUA_QUESTIONS: readonly SeedQuestion[] = [
  {
    key: "qt1-senal",
    question: {
      type: "QT_1",
      prompt: "Observa la señal. ¿Qué tipo de código utiliza?",
      kcs: [KC.code],
      media: [questionImage("sign")],
      data: {
        choices: [
          { id: "s3v", text: "Un código verbal oral", correct: false },
          { id: "q8n", text: "Un código no verbal visual", correct: true },
          { id: "j1w", text: "Un código verbal escrito", correct: false },
          { id: "y6k", text: "Un código no verbal acústico", correct: false },
        ],
      },
      feedback: { correct: "Exacto: comunica con una imagen y un color, sin palabras.", incorrect: "La señal no tiene palabras: se entiende por su dibujo y sus colores." },
    },
  },
  {
    key: "qt2-canales",
    question: {
      type: "QT_2",
      prompt: "¿Cuáles de estos son canales de comunicación?",
      kcs: [KC.elements],
      points: 2,
      data: {
        choices: [
          { id: "c2a", text: "El aire por el que viajan las ondas sonoras", correct: true },
          { id: "w7p", text: "El idioma español", correct: false },
          { id: "m4t", text: "El papel de una carta", correct: true },
          { id: "d9r", text: "La persona que escucha", correct: false },
          { id: "h5e", text: "La pantalla del móvil", correct: true },
        ],
      },
    },
  },
  {
    key: "qt3-codigo-compartido",
    question: {
      type: "QT_3",
      prompt: "Para que haya comunicación, el emisor y el receptor tienen que compartir el mismo código.",
      kcs: [KC.code],
      data: { correct: true },
    },
  },
  {
    key: "qt4-definiciones",
    question: {
      type: "QT_4",
      prompt: "Escribe el elemento de la comunicación que corresponde a cada definición.",
      kcs: [KC.elements],
      data: {
        words: [
          { id: "b7m", answer: "EMISOR", clue: "Quien envía el mensaje" },
          { id: "r2q", answer: "RECEPTOR", clue: "Quien recibe e interpreta el mensaje" },
          { id: "f9c", answer: "CANAL", clue: "Medio físico por el que viaja el mensaje" },
        ],
      },
    },
  },
  {
    key: "qt5-llamada-abuelo",
    question: {
      type: "QT_5",
      prompt: "Lucía llama por teléfono a su abuelo para felicitarle por su cumpleaños. Indica qué elemento de la comunicación es cada uno.",
      kcs: [KC.elements],
      points: 2,
      data: {
        rows: [
          { id: "x4d", text: "Lucía", correctColumnId: "em" },
          { id: "p1g", text: "El abuelo", correctColumnId: "re" },
          { id: "k6s", text: "«¡Feliz cumpleaños, abuelo!»", correctColumnId: "me" },
          { id: "a3z", text: "La línea telefónica", correctColumnId: "ca" },
          { id: "u8j", text: "La lengua española", correctColumnId: "co" },
        ],
        columns: [
          { id: "em", text: "Emisor" },
          { id: "re", text: "Receptor" },
          { id: "me", text: "Mensaje" },
          { id: "ca", text: "Canal" },
          { id: "co", text: "Código" },
        ],
      },
    },
  },
  {
    key: "qt6-situaciones",
    question: {
      type: "QT_6",
      prompt: "Elige la opción correcta en cada frase.",
      kcs: [KC.elements, KC.code],
      data: {
        statements: [
          { id: "e5n", text: "Cuando lees un libro, el emisor es", choices: [{ id: "a1", text: "el lector" }, { id: "a2", text: "el autor" }, { id: "a3", text: "el papel" }], correctChoiceId: "a2" },
          { id: "g8w", text: "En una videollamada, el canal es", choices: [{ id: "a1", text: "la conexión a internet" }, { id: "a2", text: "el idioma" }, { id: "a3", text: "la persona que llama" }], correctChoiceId: "a1" },
          { id: "t2b", text: "El conjunto de signos y reglas que comparten el emisor y el receptor es", choices: [{ id: "a1", text: "el mensaje" }, { id: "a2", text: "el contexto" }, { id: "a3", text: "el código" }], correctChoiceId: "a3" },
        ],
      },
    },
  },
  {
    key: "qt7-definicion",
    question: {
      type: "QT_7",
      prompt: "Completa el texto con los elementos de la comunicación.",
      kcs: [KC.elements],
      data: {
        text: "El [[j3]] es quien envía el mensaje y el [[v9]], quien lo recibe. El mensaje viaja por un [[c5]] y se construye con un [[h1]] que los dos conocen.",
        gaps: [
          { id: "j3", answers: ["emisor"] },
          { id: "v9", answers: ["receptor"] },
          { id: "c5", answers: ["canal"] },
          { id: "h1", answers: ["código"] },
        ],
        accentSensitive: false,
      },
    },
  },
  {
    key: "qt8-ruido-contexto",
    question: {
      type: "QT_8",
      prompt: "Arrastra cada palabra a su hueco.",
      kcs: [KC.noise, KC.context],
      data: {
        text: "Un [[w2]] es cualquier interferencia que dificulta la comunicación, como el tráfico de la calle. La situación y las circunstancias en que se produce la comunicación forman el [[k7]], que nos ayuda a interpretar el mensaje.",
        tokens: [
          { id: "n6c", text: "canal" },
          { id: "z1x", text: "contexto" },
          { id: "l8r", text: "ruido" },
          { id: "s4p", text: "receptor" },
        ],
        gaps: [
          { id: "w2", tokenId: "l8r" },
          { id: "k7", tokenId: "z1x" },
        ],
      },
    },
  },
  {
    key: "qt9-letras-silabas",
    question: {
      type: "QT_9",
      prompt: "Las letras y las sílabas son signos del código verbal escrito. Cuenta y completa con números.",
      kcs: [KC.code],
      data: {
        text: "La palabra «comunicación» tiene [[d4]] letras y [[x7]] sílabas. Solo una de sus sílabas es tónica, así que la fracción de sílabas tónicas es [[q2]].",
        gaps: [
          { id: "d4", answers: ["12"] },
          { id: "x7", answers: ["5"] },
          { id: "q2", answers: ["\\frac{1}{5}"] },
        ],
      },
    },
  },
  {
    key: "qt10-esquema",
    question: {
      type: "QT_10",
      prompt: "Escribe en cada recuadro el nombre del elemento de la comunicación que corresponde.",
      kcs: [KC.elements, KC.code],
      points: 2,
      data: {
        image: questionImage("diagram"),
        labels: [
          { id: "m3f", zone: Z.diagram.message, answers: ["mensaje", "el mensaje"] },
          { id: "e8v", zone: Z.diagram.sender, answers: ["emisor", "el emisor", "emisora", "la emisora"] },
          { id: "c1q", zone: Z.diagram.channel, answers: ["canal", "el canal"] },
          { id: "r5w", zone: Z.diagram.receiver, answers: ["receptor", "el receptor"] },
          { id: "k9b", zone: Z.diagram.code, answers: ["código", "el código"] },
        ],
        accentSensitive: false,
      },
    },
  },
  {
    key: "qt11-radio",
    question: {
      type: "QT_11",
      prompt: "Elige qué elemento de la comunicación es cada parte de esta situación.",
      kcs: [KC.elements],
      data: {
        image: questionImage("radio"),
        options: [
          { id: "p7c", text: "canal" },
          { id: "p2r", text: "ruido" },
          { id: "p9e", text: "emisor" },
          { id: "p4m", text: "mensaje" },
          { id: "p1t", text: "receptor" },
        ],
        labels: [
          { id: "w6a", zone: Z.radio.message, optionId: "p4m" },
          { id: "h3s", zone: Z.radio.sender, optionId: "p9e" },
          { id: "y8d", zone: Z.radio.channel, optionId: "p7c" },
          { id: "f2k", zone: Z.radio.receiver, optionId: "p1t" },
        ],
      },
    },
  },
  {
    key: "qt12-clase",
    question: {
      type: "QT_12",
      prompt: "Arrastra a cada recuadro el elemento de la comunicación que le corresponde. Sobra una palabra.",
      kcs: [KC.elements, KC.noise],
      points: 2,
      data: {
        image: questionImage("classroom"),
        tokens: [
          { id: "z5e", text: "receptor" },
          { id: "u1k", text: "código" },
          { id: "v8m", text: "ruido" },
          { id: "b4a", text: "emisor" },
          { id: "s9c", text: "canal" },
          { id: "g3n", text: "mensaje" },
        ],
        labels: [
          { id: "l2m", zone: Z.classroom.message, tokenId: "g3n" },
          { id: "l7s", zone: Z.classroom.sender, tokenId: "b4a" },
          { id: "l4c", zone: Z.classroom.channel, tokenId: "s9c" },
          { id: "l9n", zone: Z.classroom.noise, tokenId: "v8m" },
          { id: "l1r", zone: Z.classroom.receiver, tokenId: "z5e" },
        ],
      },
    },
  },
  {
    key: "qt13-verbal-no-verbal",
    question: {
      type: "QT_13",
      prompt: "Clasifica cada forma de comunicarse según el código que utiliza.",
      kcs: [KC.code],
      data: {
        categories: [
          { id: "vb", text: "Código verbal" },
          { id: "nv", text: "Código no verbal" },
        ],
        items: [
          { id: "k2w", text: "Una carta", categoryId: "vb" },
          { id: "n7g", text: "Un guiño", categoryId: "nv" },
          { id: "a5s", text: "Un semáforo en rojo", categoryId: "nv" },
          { id: "e1m", text: "Un mensaje de voz", categoryId: "vb" },
          { id: "r8p", text: "Un aplauso", categoryId: "nv" },
          { id: "c6t", text: "Una noticia del periódico", categoryId: "vb" },
        ],
      },
    },
  },
  {
    key: "qt14-canales",
    question: {
      type: "QT_14",
      prompt: "Une cada situación con el canal por el que viaja su mensaje.",
      kcs: [KC.elements],
      data: {
        items: [
          { id: "s4k", text: "Una conversación en el patio", matchId: "t8a" },
          { id: "s9b", text: "Una carta", matchId: "t2p" },
          { id: "s1r", text: "Un programa de radio", matchId: "t6o" },
          { id: "s7e", text: "Un correo electrónico", matchId: "t3i" },
        ],
        matches: [
          { id: "t3i", text: "Internet" },
          { id: "t8a", text: "El aire (ondas sonoras)" },
          { id: "t5e", text: "El idioma español" },
          { id: "t6o", text: "Las ondas de radio" },
          { id: "t2p", text: "El papel" },
        ],
      },
    },
  },
  {
    key: "qt15-audio",
    question: {
      type: "QT_15",
      prompt: "Pablo envía un audio a su amiga Sara. Ordena los pasos de este acto comunicativo.",
      kcs: [KC.elements],
      data: {
        items: [
          { id: "o3d", text: "Pablo decide qué quiere contarle a Sara." },
          { id: "o8g", text: "Pablo graba el audio en español." },
          { id: "o1v", text: "El audio viaja por internet hasta el móvil de Sara." },
          { id: "o6k", text: "Sara escucha el audio." },
          { id: "o4w", text: "Sara interpreta el mensaje y le responde." },
        ],
      },
    },
  },
  {
    key: "qt16-signos",
    question: {
      type: "QT_16",
      prompt: "Une cada situación con todos los tipos de signos que se usan en ella (puede haber más de uno).",
      kcs: [KC.code],
      points: 2,
      data: {
        left: [
          { id: "f3c", text: "Una conversación cara a cara" },
          { id: "f7t", text: "Una llamada de teléfono" },
          { id: "f1e", text: "Un chat con emoticonos" },
        ],
        right: [
          { id: "g5o", text: "Signos verbales orales" },
          { id: "g2e", text: "Signos verbales escritos" },
          { id: "g8v", text: "Signos no verbales visuales (gestos, imágenes)" },
        ],
        links: [
          { leftId: "f3c", rightId: "g5o" },
          { leftId: "f3c", rightId: "g8v" },
          { leftId: "f7t", rightId: "g5o" },
          { leftId: "f1e", rightId: "g2e" },
          { leftId: "f1e", rightId: "g8v" },
        ],
      },
    },
  },
  {
    key: "qt17-receptor",
    question: {
      type: "QT_17",
      prompt: "Una madre le dice a su hijo: «Cierra la ventana, que hace frío». ¿Quién es el receptor?",
      kcs: [KC.elements],
      data: { answers: ["el hijo", "hijo", "su hijo"], accentSensitive: false },
      feedback: { incorrect: "El receptor es quien recibe el mensaje: el hijo." },
    },
  },
  {
    key: "qt18-situacion-con-ruido",
    question: {
      type: "QT_18",
      prompt: "Describe una situación de comunicación de tu vida diaria en la que hubo ruido. Identifica el emisor, el receptor, el mensaje, el canal, el código y el ruido, y explica cómo se podría haber evitado el ruido.",
      kcs: [KC.elements, KC.noise],
      points: 3,
      data: {
        maxWords: 200,
        modelAnswer:
          "Ayer mi hermano (emisor) me pidió desde el salón (mensaje: «¿Me traes el cargador?») que le llevara el cargador, pero yo (receptor) no lo entendí porque la lavadora hacía mucho ruido. El canal era el aire y el código, el español oral. Se habría evitado acercándose a hablarme o esperando a que terminara la lavadora.",
      },
    },
  },
  {
    key: "qt19-anuncio",
    question: {
      type: "QT_19",
      prompt: "Busca un anuncio en una revista o en la calle, hazle una foto y súbela junto con una breve explicación (en un documento o escrita sobre la foto) de su emisor, su receptor y el código que usa.",
      kcs: [KC.elements, KC.code],
      points: 2,
      data: { accept: ["jpg", "jpeg", "png", "pdf", "docx"], maxFiles: 2 },
    },
  },
  {
    key: "qt20-vinetas",
    question: {
      type: "QT_20",
      prompt: "Dibuja en las dos viñetas una comunicación sin palabras: en la 1, alguien envía un mensaje con gestos; en la 2, el receptor le responde.",
      kcs: [KC.code],
      points: 2,
      data: { background: questionImage("panels") },
    },
  },
  {
    key: "qt21-ruidos-calle",
    question: {
      type: "QT_21",
      prompt: "Marta habla por el móvil en la calle. Haz clic en las tres fuentes de ruido que le impiden oír bien.",
      kcs: [KC.noise],
      data: {
        image: questionImage("street"),
        targets: [
          { id: "d5g", zone: Z.street.dog },
          { id: "w8h", zone: Z.street.worker },
          { id: "c2y", zone: Z.street.car },
        ],
        maxClicks: 5,
      },
    },
  },
];
