import type { Language } from "../../../contracts/common";

/** Open-source software the product is built on, with each project's licence. */
export const OPEN_SOURCE_CREDITS: ReadonlyArray<{ name: string; licence: string }> = [
  { name: "React", licence: "MIT" },
  { name: "React Router", licence: "MIT" },
  { name: "Fluent UI React", licence: "MIT" },
  { name: "Redux Toolkit", licence: "MIT" },
  { name: "i18next / react-i18next", licence: "MIT" },
  { name: "KaTeX", licence: "MIT" },
  { name: "PDF.js", licence: "Apache-2.0" },
  { name: "Socket.IO", licence: "MIT" },
  { name: "Microsoft Teams JavaScript client library", licence: "MIT" },
  { name: "MSAL.js", licence: "MIT" },
  { name: "Fastify", licence: "MIT" },
  { name: "Zod", licence: "MIT" },
  { name: "Drizzle ORM", licence: "Apache-2.0" },
  { name: "PGlite", licence: "Apache-2.0" },
  { name: "PostgreSQL", licence: "PostgreSQL License" },
  { name: "node-postgres", licence: "MIT" },
  { name: "ioredis", licence: "MIT" },
  { name: "jose", licence: "MIT" },
  { name: "@node-rs/argon2", licence: "MIT" },
  { name: "Nodemailer", licence: "MIT-0" },
];

const INTRO: Record<Language, readonly [title: string, body: string, listHeading: string]> = {
  es: [
    "Créditos",
    "Esta plataforma ha sido creada por el equipo de producto de la editorial junto con docentes que la han probado en sus aulas. Se construye sobre software de código abierto: gracias a sus autores y comunidades.",
    "Bibliotecas de código abierto utilizadas y sus licencias:",
  ],
  ca: [
    "Crèdits",
    "Aquesta plataforma l'ha creada l'equip de producte de l'editorial juntament amb docents que l'han provada a les seues aules. Està construïda sobre programari de codi obert: gràcies als seus autors i comunitats.",
    "Biblioteques de codi obert utilitzades i les seues llicències:",
  ],
  eu: [
    "Kredituak",
    "Plataforma hau argitaletxeko produktu-taldeak sortu du, beren ikasgeletan probatu duten irakasleekin batera. Kode irekiko softwarearen gainean eraikita dago: eskerrik asko haren egileei eta komunitateei.",
    "Erabilitako kode irekiko liburutegiak eta haien lizentziak:",
  ],
  en: [
    "Credits",
    "This platform was built by the publisher's product team together with teachers who tried it in their classrooms. It stands on open-source software: thank you to its authors and communities.",
    "Open-source libraries used and their licences:",
  ],
  pt: [
    "Créditos",
    "Esta plataforma foi criada pela equipe de produto da editora com professores que a testaram em suas salas de aula. Ela é construída sobre software de código aberto: obrigado a seus autores e comunidades.",
    "Bibliotecas de código aberto utilizadas e suas licenças:",
  ],
};

const creditsText = (lang: Language): string => {
  const [title, body, listHeading] = INTRO[lang];
  const list = OPEN_SOURCE_CREDITS.map((c) => `- ${c.name} (${c.licence})`).join("\n");
  return [title, body, `${listHeading}\n${list}`].join("\n\n");
};

/** Platform-default credits page (plain text). */
export const CREDITS: Record<Language, string> = {
  es: creditsText("es"),
  ca: creditsText("ca"),
  eu: creditsText("eu"),
  en: creditsText("en"),
  pt: creditsText("pt"),
};
