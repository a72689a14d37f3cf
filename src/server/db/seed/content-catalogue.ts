import type { PublicationSeed } from "./content-types";

/*
 * Open catalogue books of the Aula edition: any teacher may add them to a class without a licence.
 * Real first-year ESO content, so book search (GET front/contents) has accented titles to find.
 */

export const CIENCIAS_1_ESO: PublicationSeed = {
  key: "biologia-geologia-1-eso",
  edition: "aula",
  title: "Biología y Geología 1º ESO",
  description: "La célula, los seres vivos, la geosfera y los ecosistemas, con prácticas de laboratorio y de campo.",
  access: "open",
  kind: "book",
  discipline: "biology",
  year: { country: "ES", level: "secondary", order: 1 },
  units: [
    {
      title: "La célula, unidad de vida",
      lessons: [
        { title: "Teoría celular", summary: "Todos los seres vivos están formados por células, la célula es la unidad de función y toda célula procede de otra. Repasamos cómo el microscopio permitió a Hooke, Schleiden, Schwann y Virchow llegar a estas ideas." },
        { title: "Células procariotas y eucariotas", summary: "Comparamos la bacteria, sin núcleo definido, con las células animales y vegetales. Identificamos membrana, citoplasma, núcleo, mitocondrias, cloroplastos y pared celular, y relacionamos cada orgánulo con su función." },
      ],
    },
    {
      title: "Los ecosistemas",
      lessons: [
        { title: "Componentes de un ecosistema", summary: "Un ecosistema reúne la biocenosis, los seres vivos, y el biotopo, el medio físico. Estudiamos los factores abióticos (luz, temperatura, humedad) y cómo condicionan qué organismos pueden vivir en cada lugar." },
        { title: "Cadenas y redes tróficas", summary: "Productores, consumidores primarios, secundarios y terciarios y descomponedores: seguimos el camino de la materia y la energía en una charca y en un bosque mediterráneo, y vemos qué ocurre si desaparece un eslabón." },
      ],
    },
  ],
};

export const GEOGRAFIA_1_ESO: PublicationSeed = {
  key: "geografia-historia-1-eso",
  edition: "aula",
  title: "Geografía e Historia 1º ESO",
  description: "El planeta Tierra, el relieve y el clima, y la Historia desde la Prehistoria hasta Roma.",
  access: "open",
  kind: "book",
  discipline: "geography",
  year: { country: "ES", level: "secondary", order: 1 },
  units: [
    {
      title: "El planeta Tierra",
      lessons: [
        { title: "Los movimientos de la Tierra", summary: "La rotación explica la sucesión de los días y las noches; la traslación, junto con la inclinación del eje, las estaciones del año. Calculamos diferencias horarias con los husos horarios." },
        { title: "Latitud y longitud", summary: "Paralelos y meridianos forman una red que permite localizar cualquier punto. Practicamos con el ecuador y el meridiano de Greenwich como referencias y leemos coordenadas en mapas y en un globo terráqueo." },
      ],
    },
    {
      title: "La Prehistoria",
      lessons: [
        { title: "El Paleolítico", summary: "Grupos nómadas de cazadores y recolectores, el dominio del fuego y las primeras herramientas de piedra tallada. Visitamos las pinturas rupestres de Altamira y lo que nos cuentan de sus autores." },
        { title: "El Neolítico", summary: "La agricultura y la ganadería hicieron sedentarios a los grupos humanos: aparecen los poblados, la cerámica, el tejido y la piedra pulida. Analizamos por qué se habla de una revolución." },
      ],
    },
  ],
};

export const MUSICA_1_ESO: PublicationSeed = {
  key: "musica-1-eso",
  edition: "aula",
  title: "Música 1º ESO",
  description: "Cualidades del sonido, lenguaje musical, instrumentos y práctica de interpretación en grupo.",
  access: "open",
  kind: "book",
  discipline: "art",
  year: { country: "ES", level: "secondary", order: 1 },
  units: [
    {
      title: "El sonido",
      lessons: [
        { title: "Cualidades del sonido", summary: "Altura, duración, intensidad y timbre: qué las produce físicamente y cómo se representan en la partitura. Escuchamos ejemplos y los clasificamos por cada cualidad." },
        { title: "Ruido, sonido y silencio", summary: "Diferenciamos el sonido musical del ruido y valoramos el silencio como parte de la música. Medimos el ruido del aula y reflexionamos sobre la contaminación acústica." },
      ],
    },
  ],
};
