import { inArray } from "drizzle-orm";
import { unzipSync } from "fflate";
import type { ContentData, ContentTypeCode, PackageKind } from "../../../contracts/lessons";
import type { Storage } from "../../platform/storage";
import type { Db } from "../client";
import { contents, lessonContents } from "../schema";
import type { PublicationIds } from "./content";
import type { EditionIds, EditionSlug } from "./editions";
import {
  buildDocx,
  buildHtmlInteractive,
  buildLessonPdf,
  buildPageHtml,
  buildPng,
  buildPowersZip,
  buildScorm12Package,
  buildVtt,
  buildWav,
  buildXapiPackage,
  C_MAJOR_SCALE,
  NUMERACAO_PDF,
  NUMBER_IN_SOUNDS,
  NUMERATION_KEY_IDEAS,
  NUMERATION_PDF,
  once,
  OPERATIONS_ASSIGNMENT,
  SCORM12_TITLE,
  SQUARE_ROOT_PDF,
  XAPI_ACTIVITY_ID,
  XAPI_TITLE,
  zipEntries,
} from "./files";
import { idOf, seedId } from "./ids";
import type { PeopleIds } from "./people";

/*
 * The publishers' default lesson contents, with real files built by ./files: the first lesson of
 * Matemáticas 1º ESO holds a rich set (text, PDF, image, audio with captions, HTML interactive,
 * SCORM 1.2, xAPI, link), the next lessons the other types, plus Música and Lumen's book.
 */

type Bytes = Uint8Array;
type FileSource = { kind: "file"; fileName: string; mimeType: string; build: () => Bytes | Promise<Bytes>; captions?: () => string; listEntries?: boolean };
type PackageSource = { kind: "package"; fileName: string; packageKind: PackageKind; build: () => Bytes; activityId?: string };
type Source = FileSource | PackageSource | { kind: "url"; url: string } | { kind: "text"; body: string };

type LessonContentSeed = {
  key: string;
  edition: EditionSlug;
  /** Natural key of the publication, and 1-based unit and lesson order within it. */
  publication: string;
  unit: number;
  lesson: number;
  type: ContentTypeCode;
  title: string;
  description: string;
  alt?: string;
  source: Source;
};

// Built once per process, however many apps seed (every test app does).
const numerationPdf = once(() => buildLessonPdf(NUMERATION_PDF));
const squareRootPdf = once(() => buildLessonPdf(SQUARE_ROOT_PDF));
const numeracaoPdf = once(() => buildLessonPdf(NUMERACAO_PDF));
const blocks134 = once(() => buildPng(134));
const blocks152 = once(() => buildPng(152));
const numberWav = once(() => buildWav(NUMBER_IN_SOUNDS));
const scaleWav = once(() => buildWav(C_MAJOR_SCALE));
const scorm = once(buildScorm12Package);
const xapi = once(buildXapiPackage);
const interactive = once(buildHtmlInteractive);
const docx = once(() => buildDocx());
const powersZip = once(buildPowersZip);
const pageHtml = once(() => new TextEncoder().encode(buildPageHtml()));
const unpacked = new Map<string, Record<string, Bytes>>();

const MATHS = { edition: "aula", publication: "matematicas-1-eso", unit: 1 } as const;
const PDF = "application/pdf";
const ZIP = "application/zip";

const SEEDS: readonly LessonContentSeed[] = [
  // Unit 1, lesson 1 "Sistemas de numeración": the rich set.
  { ...MATHS, lesson: 1, key: "numeracion-ideas-clave", type: "CTTY_02", title: "Ideas clave: sistemas de numeración", description: "Resumen de la lección para leer en cualquier pantalla.", source: { kind: "text", body: NUMERATION_KEY_IDEAS } },
  { ...MATHS, lesson: 1, key: "numeracion-apuntes", type: "CTTY_05", title: "Apuntes: sistemas de numeración", description: "Sistema decimal, numeración romana y ejercicios (3 páginas).", source: { kind: "file", fileName: "sistemas-de-numeracion.pdf", mimeType: PDF, build: numerationPdf } },
  { ...MATHS, lesson: 1, key: "numeracion-bloques", type: "CTTY_07", title: "Bloques de base diez", description: "El número 134 con bloques: una placa de cien, tres barras de diez y cuatro cubos.", alt: "Bloques de base diez que representan 134: una placa de 10 por 10 cuadrados (1 centena), tres barras de 10 cuadrados (3 decenas) y cuatro cuadrados sueltos (4 unidades), bajo la suma 100 + 30 + 4 = 134.", source: { kind: "file", fileName: "bloques-base-diez-134.png", mimeType: "image/png", build: blocks134 } },
  { ...MATHS, lesson: 1, key: "numeracion-audio", type: "CTTY_04", title: "El número en sonidos", description: "Escucha: los sonidos graves son centenas, los medios decenas y los agudos unidades. ¿Qué número es?", source: { kind: "file", fileName: "numero-en-sonidos.wav", mimeType: "audio/wav", build: numberWav, captions: () => buildVtt(NUMBER_IN_SOUNDS) } },
  { ...MATHS, lesson: 1, key: "numeracion-conversor", type: "CTTY_08", title: "Conversor de números romanos", description: "Convierte números a romanos y al revés, con la descomposición paso a paso.", source: { kind: "package", fileName: "conversor-romanos.zip", packageKind: "html", build: interactive } },
  { ...MATHS, lesson: 1, key: "numeracion-scorm", type: "CTTY_15", title: SCORM12_TITLE, description: "Paquete SCORM 1.2: tres páginas de repaso y una comprobación de tres preguntas.", source: { kind: "package", fileName: "sistemas-numeracion-scorm12.zip", packageKind: "scorm12", build: scorm } },
  { ...MATHS, lesson: 1, key: "numeracion-xapi", type: "CTTY_17", title: XAPI_TITLE, description: "Actividad xAPI: tres preguntas sobre números romanos con resultados en el registro de actividad.", source: { kind: "package", fileName: "reto-numeros-romanos-xapi.zip", packageKind: "xapi", build: xapi, activityId: XAPI_ACTIVITY_ID } },
  { ...MATHS, lesson: 1, key: "numeracion-wikipedia", type: "CTTY_06", title: "Sistema de numeración (Wikipedia)", description: "Artículo de la Wikipedia sobre los sistemas de numeración posicionales y no posicionales.", source: { kind: "url", url: "https://es.wikipedia.org/wiki/Sistema_de_numeraci%C3%B3n" } },
  // Lesson 2 "Operaciones con números naturales".
  { ...MATHS, lesson: 2, key: "operaciones-tarea", type: "CTTY_09", title: "Tarea: inventa un problema de operaciones combinadas", description: "Plantea, resuelve e intercambia un problema de la vida diaria.", source: { kind: "text", body: OPERATIONS_ASSIGNMENT } },
  { ...MATHS, lesson: 2, key: "operaciones-ficha", type: "CTTY_11", title: "Ficha de ejercicios: operaciones", description: "Documento de Word para imprimir o completar en el ordenador.", source: { kind: "file", fileName: "ficha-operaciones.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", build: docx } },
  { ...MATHS, lesson: 2, key: "operaciones-phet", type: "CTTY_14", title: "Simulación: aritmética (PhET)", description: "Simulación interactiva de la Universidad de Colorado para practicar multiplicaciones y divisiones.", source: { kind: "url", url: "https://phet.colorado.edu/sims/html/arithmetic/latest/arithmetic_es.html" } },
  // Lesson 3 "Potencias de números naturales".
  { ...MATHS, lesson: 3, key: "potencias-pagina", type: "CTTY_13", title: "Potencias de base 10", description: "Página con la tabla de potencias de 10 y la descomposición polinómica.", source: { kind: "file", fileName: "potencias-de-base-10.html", mimeType: "text/html", build: pageHtml } },
  { ...MATHS, lesson: 3, key: "potencias-tablas", type: "CTTY_12", title: "Tablas de potencias (descarga)", description: "Archivo comprimido con tablas de potencias de 2 y de 10 y de cuadrados y cubos.", source: { kind: "file", fileName: "tablas-de-potencias.zip", mimeType: ZIP, build: powersZip, listEntries: true } },
  // Lesson 4 "Raíz cuadrada".
  { ...MATHS, lesson: 4, key: "raiz-libro", type: "CTTY_01", title: "Libro: raíz cuadrada", description: "Páginas del libro sobre cuadrados perfectos y raíces exactas y enteras.", source: { kind: "file", fileName: "raiz-cuadrada-libro.pdf", mimeType: PDF, build: squareRootPdf } },
  // Música 1º ESO, "Cualidades del sonido".
  { edition: "aula", publication: "musica-1-eso", unit: 1, lesson: 1, key: "musica-escala", type: "CTTY_04", title: "La escala de do mayor", description: "Ocho notas de grave a agudo para reconocer la altura del sonido.", source: { kind: "file", fileName: "escala-do-mayor.wav", mimeType: "audio/wav", build: scaleWav, captions: () => buildVtt(C_MAJOR_SCALE) } },
  // Lumen, Matemática 6º ano, "Sistema de numeração decimal".
  { edition: "lumen", publication: "matematica-6-ano", unit: 1, lesson: 1, key: "numeracao-apontamentos", type: "CTTY_05", title: "Apontamentos: sistema de numeração decimal", description: "Base dez, ordens e classes e exercícios (3 páginas).", source: { kind: "file", fileName: "sistema-de-numeracao.pdf", mimeType: PDF, build: numeracaoPdf } },
  { edition: "lumen", publication: "matematica-6-ano", unit: 1, lesson: 1, key: "numeracao-blocos", type: "CTTY_07", title: "Material dourado: 152", description: "O número 152 com o material dourado.", alt: "Material dourado que representa 152: uma placa de 10 por 10 quadradinhos (1 centena), cinco barras de 10 quadradinhos (5 dezenas) e dois cubinhos (2 unidades), sob a soma 100 + 50 + 2 = 152.", source: { kind: "file", fileName: "material-dourado-152.png", mimeType: "image/png", build: blocks152 } },
];

const contentId = (seed: Pick<LessonContentSeed, "edition" | "key">) => seedId("content", seed.edition, seed.key);

/** What the seed holds, for tests, e2e and the README (ids are stable across databases). */
export const DEMO_LESSON_CONTENT = SEEDS.map((seed) => ({
  id: contentId(seed),
  key: seed.key,
  edition: seed.edition,
  publication: seed.publication,
  unit: seed.unit,
  lesson: seed.lesson,
  /** 1-based place in the lesson. */
  position: SEEDS.filter((s) => s.publication === seed.publication && s.unit === seed.unit && s.lesson === seed.lesson).indexOf(seed) + 1,
  type: seed.type,
  title: seed.title,
  source: seed.source.kind,
}));
export type DemoLessonContent = (typeof DEMO_LESSON_CONTENT)[number];

type Deps = { editions: EditionIds; people: PeopleIds; publications: PublicationIds };

/** Mirrors seedPublications' stable ids: the lesson at 1-based `unit`/`lesson` of a publication. */
const lessonId = (publicationId: string, unit: number, lesson: number) => seedId("lesson", seedId("unit", publicationId, String(unit)), String(lesson));

/** Writes a file unless storage already holds it at that size (a re-seed writes nothing). */
async function ensureFile(storage: Storage, key: string, bytes: Bytes): Promise<void> {
  if ((await storage.size(key)) !== bytes.byteLength) await storage.put(key, bytes);
}

/** The row facts and storage writes of one content. */
async function prepare(seed: LessonContentSeed, id: string): Promise<{ row: Partial<typeof contents.$inferInsert>; files: Array<[string, Bytes]> }> {
  const { source } = seed;
  const data: ContentData = seed.alt ? { alt: seed.alt } : {};
  switch (source.kind) {
    case "text":
      return { row: { data: { ...data, body: source.body } }, files: [] };
    case "url":
      return { row: { url: source.url, data }, files: [] };
    case "file": {
      const bytes = await source.build();
      const storageKey = `contents/${id}/${source.fileName}`;
      const files: Array<[string, Bytes]> = [[storageKey, bytes]];
      if (source.captions) {
        const captionsKey = `contents/${id}/captions.vtt`;
        files.push([captionsKey, new TextEncoder().encode(source.captions())]);
        Object.assign(data, { captionsKey, captionsLanguage: "es" });
      }
      if (source.listEntries) data.entries = zipEntries(bytes);
      return { row: { storageKey, fileName: source.fileName, mimeType: source.mimeType, sizeBytes: bytes.byteLength, data }, files };
    }
    case "package": {
      const zip = source.build();
      let entries = unpacked.get(source.fileName);
      if (!entries) unpacked.set(source.fileName, (entries = unzipSync(zip)));
      const storageKey = `contents/${id}/package`;
      const files = Object.entries(entries)
        .filter(([path]) => !path.endsWith("/"))
        .map(([path, bytes]): [string, Bytes] => [`${storageKey}/${path}`, bytes]);
      Object.assign(data, { packageKind: source.packageKind, launchPath: "index.html" }, source.activityId ? { activityId: source.activityId } : {});
      return { row: { storageKey, fileName: source.fileName, mimeType: ZIP, sizeBytes: zip.byteLength, data }, files };
    }
  }
}

/** A file content already seeded whose file (and captions) storage still holds: nothing to build. */
async function fileIntact(storage: Storage, row: Pick<typeof contents.$inferSelect, "storageKey" | "sizeBytes" | "data">): Promise<boolean> {
  if (!row.storageKey || (await storage.size(row.storageKey)) !== row.sizeBytes) return false;
  const { captionsKey } = row.data as ContentData;
  return !captionsKey || (await storage.size(captionsKey)) !== null;
}

/**
 * The publishers' lesson contents (createdBy null) and their files. Idempotent: rows are inserted
 * ON CONFLICT DO NOTHING and a file is written only when storage lacks it at its size, so a second
 * run writes nothing. A file content already seeded with its file in place is not even built
 * (packages are cheap to build and are checked entry by entry).
 */
export async function seedLessonContent(db: Db, storage: Storage, { editions, publications }: Deps): Promise<void> {
  const contentRows: Array<typeof contents.$inferInsert> = [];
  const linkRows: Array<typeof lessonContents.$inferInsert> = [];
  const files: Array<[string, Bytes]> = [];
  const seeded = await db
    .select({ id: contents.id, storageKey: contents.storageKey, sizeBytes: contents.sizeBytes, data: contents.data })
    .from(contents)
    .where(inArray(contents.id, DEMO_LESSON_CONTENT.map((c) => c.id)));
  const existing = new Map(seeded.map((row) => [row.id, row]));

  for (const [i, seed] of SEEDS.entries()) {
    const id = contentId(seed);
    const publicationId = idOf(publications, seed.publication, "publication");
    linkRows.push({ lessonId: lessonId(publicationId, seed.unit, seed.lesson), contentId: id, position: DEMO_LESSON_CONTENT[i]?.position ?? 1 });
    const row = existing.get(id);
    if (row && seed.source.kind === "file" && (await fileIntact(storage, row))) continue;
    const prepared = await prepare(seed, id);
    files.push(...prepared.files);
    if (row) continue;
    contentRows.push({
      id,
      tenantId: idOf(editions.tenants, seed.edition, "edition"),
      type: seed.type,
      title: seed.title,
      description: seed.description,
      createdBy: null,
      data: {},
      ...prepared.row,
    });
  }

  // Files first: a committed row always has its file.
  await Promise.all(files.map(([key, bytes]) => ensureFile(storage, key, bytes)));
  if (contentRows.length > 0) await db.insert(contents).values(contentRows).onConflictDoNothing();
  await db.insert(lessonContents).values(linkRows).onConflictDoNothing();
}
