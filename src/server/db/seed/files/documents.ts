import { unzipSync } from "fflate";
import { escapeXml, zipTexts } from "./zip";

/* CTTY_11 office document, CTTY_12 downloadable zip and CTTY_13 page HTML of the demo lessons. */

type DocxParagraph = { text: string; heading?: boolean };

const WORDSHEET: readonly DocxParagraph[] = [
  { text: "Ficha de ejercicios: operaciones con números naturales", heading: true },
  { text: "Nombre: ______________________________   Fecha: ____________" },
  { text: "1. Calcula respetando la jerarquía de las operaciones:", heading: true },
  { text: "a) 18 + 6 · 4 − 10 : 2      b) (18 + 6) · (4 − 10 : 5)      c) 5 · (12 − 3 · 2) + 7" },
  { text: "2. Aplica la propiedad distributiva y calcula de dos formas:", heading: true },
  { text: "a) 7 · (10 + 3)      b) 12 · (20 − 5)      c) 9 · 14 + 9 · 6" },
  { text: "3. Divisiones enteras: escribe el cociente y el resto y haz la prueba (dividendo = divisor · cociente + resto).", heading: true },
  { text: "a) 247 : 8      b) 1.035 : 23      c) 5.000 : 37" },
  { text: "4. Problema", heading: true },
  {
    text: "Un instituto organiza una excursión para 236 alumnos y 18 profesores. Cada autobús tiene 55 plazas y cuesta 320 €. ¿Cuántos autobuses hacen falta? ¿Cuánto debe pagar cada alumno si los profesores no pagan?",
  },
];

const run = (p: DocxParagraph) =>
  `<w:p>${p.heading ? '<w:pPr><w:spacing w:before="240" w:after="120"/></w:pPr>' : ""}<w:r>${p.heading ? '<w:rPr><w:b/><w:sz w:val="28"/></w:rPr>' : '<w:rPr><w:sz w:val="24"/></w:rPr>'}<w:t xml:space="preserve">${escapeXml(p.text)}</w:t></w:r></w:p>`;

/** A minimal, valid WordprocessingML document: the three parts Word needs and nothing else. */
export function buildDocx(paragraphs: readonly DocxParagraph[] = WORDSHEET): Uint8Array {
  return zipTexts({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.map(run).join("")}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1418" w:right="1418" w:bottom="1418" w:left="1418" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  });
}

const powersTable = (base: number, upTo: number) =>
  ["exponente;potencia;desarrollo", ...Array.from({ length: upTo + 1 }, (_, e) => `${e};${base ** e};${e === 0 ? "1" : Array(e).fill(base).join("·")}`)].join(
    "\r\n",
  ) + "\r\n";

const README = `Tablas de potencias (Matemáticas 1º ESO)
=========================================

Contenido de este archivo comprimido:

- potencias-base-2.csv: las potencias de 2 desde 2^0 hasta 2^12.
- potencias-base-10.csv: las potencias de 10 desde 10^0 hasta 10^9.
- cuadrados-y-cubos.csv: los cuadrados y los cubos de los números del 1 al 15.

Los archivos .csv se abren con cualquier hoja de cálculo (columnas separadas por punto y coma).
Actividad: busca en las tablas cuántas cifras tiene 10^n y cuándo 2^n supera por primera vez a 1.000.
`;

const squaresAndCubes = () =>
  ["n;cuadrado;cubo", ...Array.from({ length: 15 }, (_, i) => `${i + 1};${(i + 1) ** 2};${(i + 1) ** 3}`)].join("\r\n") + "\r\n";

/** The files of the downloadable zip, in order. */
export const POWERS_ZIP_FILES: Record<string, string> = {
  "LEEME.txt": README,
  "potencias-base-2.csv": powersTable(2, 12),
  "potencias-base-10.csv": powersTable(10, 9),
  "cuadrados-y-cubos.csv": squaresAndCubes(),
};

export function buildPowersZip(): Uint8Array {
  return zipTexts(POWERS_ZIP_FILES);
}

/** The entries a zip download lists beside its button (uncompressed sizes). */
export function zipEntries(zip: Uint8Array): Array<{ path: string; sizeBytes: number }> {
  return Object.entries(unzipSync(zip))
    .filter(([path]) => !path.endsWith("/"))
    .map(([path, bytes]) => ({ path, sizeBytes: bytes.length }));
}

/** A single self-contained HTML page (CTTY_13): powers of ten, with a table and worked examples. */
export function buildPageHtml(): string {
  const rows = Array.from({ length: 7 }, (_, e) => {
    const value = String(10 ** e).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
    const name = ["uno", "diez", "cien", "mil", "diez mil", "cien mil", "un millón"][e];
    return `        <tr><th scope="row">10<sup>${e}</sup></th><td>${value}</td><td>${name}</td><td>${e}</td></tr>`;
  }).join("\n");
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Potencias de base 10</title>
<style>
  body { font-family: system-ui, "Segoe UI", Roboto, sans-serif; line-height: 1.55; color: #242424; max-width: 42rem; margin: 0 auto; padding: 1rem; }
  table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
  caption { text-align: left; font-weight: 600; margin-bottom: .5rem; }
  th, td { border: 1px solid #d1d1d1; padding: .35rem .6rem; text-align: left; }
  thead th { background: #ebf3fc; }
  .example { background: #f5f5f5; border-left: 4px solid #0f6cbd; padding: .5rem 1rem; }
</style>
</head>
<body>
<main>
  <h1>Potencias de base 10</h1>
  <p>Una potencia de base 10 es un 1 seguido de tantos ceros como indica el exponente: 10<sup>4</sup> = 10 · 10 · 10 · 10 = 10.000.</p>
  <table>
    <caption>Las primeras potencias de 10</caption>
    <thead><tr><th scope="col">Potencia</th><th scope="col">Valor</th><th scope="col">Se lee</th><th scope="col">Ceros</th></tr></thead>
    <tbody>
${rows}
    </tbody>
  </table>
  <h2>Descomposición polinómica</h2>
  <p>Gracias a las potencias de 10 podemos escribir cualquier número según el valor de posición de sus cifras:</p>
  <p class="example">45.308 = 4 · 10<sup>4</sup> + 5 · 10<sup>3</sup> + 3 · 10<sup>2</sup> + 0 · 10<sup>1</sup> + 8 · 10<sup>0</sup></p>
  <h2>Números muy grandes</h2>
  <p>La distancia de la Tierra al Sol es de unos 150.000.000 km. Con potencias de 10 la escribimos de forma más corta: 15 · 10<sup>7</sup> km.</p>
  <h2>Practica</h2>
  <ol>
    <li>Escribe como potencia de 10: cien mil; un millón; mil millones.</li>
    <li>Descompón con potencias de 10: 7.045 y 120.306.</li>
    <li>¿Cuántos ceros tiene 10<sup>12</sup>? ¿Cómo se lee?</li>
  </ol>
</main>
</body>
</html>
`;
}
