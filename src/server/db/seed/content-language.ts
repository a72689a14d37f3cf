import type { PublicationSeed } from "./content-types";

/** Lengua Castellana y Literatura 1º ESO: communication, grammar, text types and the lyric genre. */
export const LANGUAGE_1_ESO: PublicationSeed = {
  key: "lengua-1-eso",
  edition: "aula",
  title: "Lengua Castellana y Literatura 1º ESO",
  description: "Comunicación oral y escrita, gramática, tipos de texto y los géneros literarios del primer curso de ESO.",
  access: "licensed",
  kind: "book",
  discipline: "language",
  year: { country: "ES", level: "secondary", order: 1 },
  units: [
    {
      title: "La comunicación",
      lessons: [
        { title: "Los elementos de la comunicación", summary: "En todo acto comunicativo intervienen un emisor y un receptor que comparten un código, un mensaje que viaja por un canal y un contexto que ayuda a interpretarlo. Analizamos situaciones cotidianas para identificar cada elemento y detectar los ruidos que dificultan la comunicación." },
        { title: "Comunicación verbal y no verbal", summary: "Nos comunicamos con palabras, orales o escritas, y también con gestos, miradas, posturas, imágenes y sonidos. Estudiamos cómo los signos no verbales refuerzan, matizan o contradicen lo que decimos." },
        { title: "Las funciones del lenguaje", summary: "Según la intención del emisor, el lenguaje cumple una función representativa, expresiva, apelativa, fática, poética o metalingüística. Reconocemos cada función en textos de uso diario, anuncios y poemas." },
        { title: "Los textos y sus propiedades", summary: "Un texto es un mensaje completo que transmite una idea con sentido. Para que sea eficaz debe ser adecuado a la situación, coherente en su contenido y cohesionado mediante conectores y referencias." },
      ],
    },
    {
      title: "La palabra: sustantivo y adjetivo",
      lessons: [
        { title: "La estructura de la palabra", summary: "Las palabras están formadas por un lexema, que aporta el significado, y por morfemas, que añaden género, número u otros matices. Distinguimos palabras simples, derivadas y compuestas y formamos familias léxicas." },
        { title: "El sustantivo: clases", summary: "El sustantivo nombra personas, animales, objetos, lugares o ideas. Lo clasificamos en común y propio, concreto y abstracto, individual y colectivo, contable e incontable." },
        { title: "Género y número del sustantivo", summary: "Estudiamos cómo se forman el femenino y el plural de los sustantivos, los casos de heteronimia, los sustantivos epicenos y ambiguos, y los que solo se usan en singular o en plural." },
        { title: "El adjetivo calificativo", summary: "El adjetivo expresa cualidades del sustantivo y concuerda con él en género y número. Distinguimos adjetivos especificativos y explicativos y practicamos los grados positivo, comparativo y superlativo." },
      ],
    },
    {
      title: "El verbo",
      lessons: [
        { title: "Raíz y desinencias", summary: "El verbo expresa acciones, procesos o estados y se compone de una raíz, que aporta el significado, y de desinencias que indican persona, número, tiempo, modo y aspecto. Identificamos estas categorías en formas conjugadas." },
        { title: "Tiempos y modos verbales", summary: "El modo indicativo presenta hechos como reales, el subjuntivo como deseados o posibles y el imperativo expresa órdenes. Distinguimos tiempos simples y compuestos y el aspecto perfectivo e imperfectivo." },
        { title: "Las conjugaciones y los verbos irregulares", summary: "Los verbos se agrupan en tres conjugaciones según su infinitivo acabe en -ar, -er o -ir. Conjugamos verbos modelo y reconocemos las irregularidades más frecuentes en verbos como ser, ir, tener o hacer." },
        { title: "Las formas no personales", summary: "El infinitivo, el gerundio y el participio no indican persona ni número. Aprendemos sus formas simples y compuestas y su uso en las perífrasis verbales más habituales." },
      ],
    },
    {
      title: "La narración",
      lessons: [
        { title: "Los elementos de la narración", summary: "Narrar es contar hechos reales o imaginarios que les suceden a unos personajes en un espacio y un tiempo determinados. Identificamos la acción, los personajes principales y secundarios, el espacio y el tiempo en relatos breves." },
        { title: "El narrador y el punto de vista", summary: "El narrador puede contar la historia en primera persona, como protagonista o testigo, o en tercera persona, con conocimiento total o limitado de los hechos. Comparamos el efecto de cada punto de vista." },
        { title: "La estructura narrativa", summary: "La mayoría de los relatos se organizan en planteamiento, nudo y desenlace. Analizamos cómo se altera el orden cronológico con saltos al pasado o al futuro para crear intriga." },
        { title: "El cuento y la leyenda", summary: "Diferenciamos el cuento popular, transmitido oralmente y con versiones distintas, del cuento literario, que tiene un autor conocido. Leemos leyendas que explican el origen de lugares o costumbres y escribimos un relato propio." },
      ],
    },
    {
      title: "La descripción",
      lessons: [
        { title: "Descripción objetiva y subjetiva", summary: "La descripción objetiva presenta la realidad con precisión y sin opiniones, como en los textos científicos; la subjetiva muestra la visión personal de quien describe. Comparamos ejemplos de ambos tipos." },
        { title: "La descripción de personas", summary: "Describimos el aspecto físico (prosopografía), el carácter (etopeya) o ambos a la vez (retrato), y conocemos la caricatura, que exagera los rasgos con intención humorística o crítica." },
        { title: "La descripción de lugares y objetos", summary: "Para describir un lugar o un objeto seleccionamos los rasgos más significativos y los ordenamos con un criterio espacial, de lo general a lo particular o de lo cercano a lo lejano, usando adjetivos y comparaciones." },
      ],
    },
    {
      title: "El género lírico",
      lessons: [
        { title: "Características del género lírico", summary: "La lírica expresa sentimientos, emociones y reflexiones de un yo poético, normalmente en verso. Leemos poemas de autores clásicos y actuales e identificamos el tema y el tono de cada uno." },
        { title: "La métrica: medida y rima", summary: "Contamos las sílabas métricas de un verso aplicando la sinalefa y las reglas de la última palabra. Distinguimos versos de arte menor y de arte mayor y la rima consonante y asonante." },
        { title: "Las figuras literarias", summary: "Los poetas usan recursos como la metáfora, la comparación, la personificación, la hipérbole, la anáfora y la aliteración para embellecer el lenguaje. Los reconocemos en poemas y los empleamos en textos propios." },
        { title: "Estrofas y poemas", summary: "Las estrofas agrupan versos según su número, medida y rima: pareado, terceto, cuarteto, redondilla o cuarteta. Conocemos poemas como el soneto y el romance y componemos uno breve." },
      ],
    },
  ],
};
