#!/usr/bin/env node
// Writes public/legal/lumen-privacy.pdf: a small, valid PDF 1.4 (standard Helvetica fonts, no
// dependencies) holding the Lumen edition's privacy policy, so the privacy screen's PDF viewer
// has a real document to show. Run: node scripts/make-privacy-pdf.cjs
const { Buffer } = require("node:buffer");
const fs = require("node:fs");
const path = require("node:path");

const OUT = path.join(__dirname, "../public/legal/lumen-privacy.pdf");
const PAGE = { width: 595, height: 842, margin: 64 }; // A4 in points
const BODY = { size: 10.5, leading: 15 };
const MAX_CHARS = 88; // Helvetica at 10.5 pt averages ~5.3 pt per character over 467 pt

/** [kind, text]: "h1" title, "h2" section heading, "p" paragraph. */
const DOCUMENT = [
  ["h1", "Lumen: Política de privacidad"],
  ["p", "Última actualización: 31 de octubre de 2025."],
  ["h2", "1. Quién trata tus datos"],
  ["p", "Lumen es una edición de la plataforma educativa Aula. El responsable del tratamiento es el centro educativo que contrata el servicio; la editorial actúa como encargada del tratamiento y solo trata los datos siguiendo sus instrucciones."],
  ["h2", "2. Qué datos tratamos"],
  ["p", "Tratamos los datos de la cuenta (nombre, apellidos, correo electrónico, fecha de nacimiento y rol), la pertenencia a clases, la actividad de aprendizaje (lecciones vistas, respuestas, tareas y calificaciones) y los datos técnicos necesarios para mantener la sesión, como los dispositivos emparejados."],
  ["h2", "3. Para qué los usamos"],
  ["p", "Usamos los datos para prestar el servicio educativo: dar acceso a las clases y contenidos, permitir que el profesorado asigne y evalúe tareas, mostrar el progreso del alumnado y ofrecer recomendaciones de práctica. No vendemos datos ni los usamos para publicidad."],
  ["h2", "4. Base legal y menores"],
  ["p", "La base legal es la misión educativa del centro y, cuando corresponde, el consentimiento de las familias. Pedimos la fecha de nacimiento en el registro para aplicar las garantías que la ley de protección de datos establece para menores de edad."],
  ["h2", "5. Cuánto tiempo los conservamos"],
  ["p", "Conservamos los datos mientras el centro mantenga activa la cuenta y, después, durante los plazos legales aplicables. Al terminar, los datos se eliminan o se anonimizan."],
  ["h2", "6. Tus derechos"],
  ["p", "Puedes ejercer los derechos de acceso, rectificación, supresión, oposición, limitación y portabilidad dirigiéndote a tu centro educativo o escribiendo a privacidad@lumen.example. También puedes reclamar ante la autoridad de protección de datos."],
  ["h2", "7. Seguridad"],
  ["p", "Los datos viajan cifrados, las contraseñas se guardan con algoritmos de resumen resistentes y el acceso del personal se limita a lo imprescindible para prestar y mantener el servicio."],
  ["h2", "8. Asistente de inteligencia artificial"],
  ["p", "Cuando el centro activa el asistente, las preguntas y los materiales del curso que consulta se procesan solo para responder. No se usan para entrenar modelos de terceros y el alumnado puede desactivar la búsqueda web en su configuración."],
  ["h2", "9. Quién más puede ver los datos"],
  ["p", "El profesorado de cada clase ve la actividad de su alumnado; la administración del centro ve los datos de su centro. Los proveedores de alojamiento y correo tratan datos por cuenta de la editorial con contratos que garantizan el mismo nivel de protección. No hay transferencias fuera del Espacio Económico Europeo sin las garantías legales exigidas."],
  ["h2", "10. Cookies y almacenamiento local"],
  ["p", "La aplicación guarda en el navegador la sesión y el idioma elegido para que no tengas que iniciar sesión en cada visita. No usamos cookies publicitarias ni de seguimiento de terceros."],
  ["h2", "11. Cambios en esta política"],
  ["p", "Si cambiamos esta política, lo anunciaremos en la aplicación y, cuando el cambio sea relevante, lo comunicaremos al centro antes de que entre en vigor."],
];

function wrap(text, max) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF literal string in WinAnsi (Latin-1 covers the Spanish letters used here). */
const pdfString = (s) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** Lays the document out into pages of positioned lines. */
function layout() {
  const pages = [[]];
  let y = PAGE.height - PAGE.margin;
  const place = (font, size, text, gapBefore, keepWithNext = 0) => {
    y -= gapBefore;
    // A heading never ends a page: it moves to the next one with its first lines.
    if (y - keepWithNext < PAGE.margin) {
      pages.push([]);
      y = PAGE.height - PAGE.margin;
    }
    pages[pages.length - 1].push({ font, size, y, text });
  };
  for (const [kind, text] of DOCUMENT) {
    if (kind === "h1") {
      place("F2", 18, text, 0);
      y -= 12;
    } else if (kind === "h2") place("F2", 12.5, text, 14, BODY.leading * 3);
    else wrap(text, MAX_CHARS).forEach((l, i) => place("F1", BODY.size, l, i === 0 ? BODY.leading + 2 : BODY.leading));
  }
  return pages;
}

function build() {
  const pages = layout();
  const objects = []; // index i holds object number i + 1
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add(null);
  const pagesObj = add(null);
  const helvetica = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const helveticaBold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const info = add(`<< /Title ${pdfString("Lumen: Política de privacidad")} /Producer (aula make-privacy-pdf) /CreationDate (D:20251031000000Z) >>`);
  const kids = pages.map((lines, index) => {
    const footer = { font: "F1", size: 9, y: PAGE.margin / 2, text: `Lumen · Política de privacidad · ${index + 1}/${pages.length}` };
    const ops = [...lines, footer].map((l) => `BT /${l.font} ${l.size} Tf ${PAGE.margin} ${l.y.toFixed(1)} Td ${pdfString(l.text)} Tj ET`).join("\n");
    const content = add(`<< /Length ${Buffer.byteLength(ops, "latin1")} >>\nstream\n${ops}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
        `/Resources << /Font << /F1 ${helvetica} 0 R /F2 ${helveticaBold} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R /Lang (es-ES) >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;

  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(out, "latin1");
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, build());
console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
