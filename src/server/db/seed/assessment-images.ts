import type { Image, Zone } from "../../../contracts/questions";
import type { EditionSlug } from "./editions";
import { seedId } from "./ids";

/*
 * The demo questions' images: small SVG drawings written here, so the seed needs no binary files.
 * Each drawing and the zones its questions use come from the same coordinates: a zone is a box or
 * circle of the drawing's viewBox turned into percentages of the image. Blank label boxes carry no
 * numbers (the answering view numbers the zones itself).
 */

type View = { w: number; h: number };
type Box = { x: number; y: number; w: number; h: number };

const r2 = (n: number) => Math.round(n * 100) / 100;

/** A box of the viewBox as a zone, in percent of the image. */
export function rectZone(view: View, b: Box): Zone {
  const x = r2((b.x / view.w) * 100);
  const y = r2((b.y / view.h) * 100);
  return { shape: "rect", x, y, w: Math.min(r2((b.w / view.w) * 100), r2(100 - x)), h: Math.min(r2((b.h / view.h) * 100), r2(100 - y)) };
}

/** A circle of the viewBox as a zone. Zones are measured in percent on each axis, so on a non-square image the radius covers the circle on the shorter axis. */
export function circleZone(view: View, cx: number, cy: number, r: number): Zone {
  return { shape: "circle", cx: r2((cx / view.w) * 100), cy: r2((cy / view.h) * 100), r: r2(Math.max(r / view.w, r / view.h) * 100) };
}

// ---- Drawing helpers ------------------------------------------------------------------------------

const INK = "#242424";
const BLUE = "#0F6CBD";
const PINK = "#C239B3";
const RED = "#C50F1F";
const GREEN = "#107C10";
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const doc = (view: View, title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${view.w} ${view.h}" width="${view.w}" height="${view.h}" role="img" font-family="Arial, Helvetica, sans-serif">` +
  `<title>${esc(title)}</title><rect width="${view.w}" height="${view.h}" fill="#ffffff"/>${body}</svg>\n`;

const label = (x: number, y: number, s: string, size = 18, opts: { anchor?: string; weight?: string; fill?: string } = {}) =>
  `<text x="${x}" y="${y}" font-size="${size}" text-anchor="${opts.anchor ?? "middle"}" font-weight="${opts.weight ?? "normal"}" fill="${opts.fill ?? INK}">${esc(s)}</text>`;
const line = (x1: number, y1: number, x2: number, y2: number, stroke = INK, width = 2) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"/>`;
const rect = (b: Box, fill: string, stroke = INK, extra = "", width = 2) =>
  `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"${extra}/>`;
/** A blank box where a label goes. */
const blank = (b: Box) => rect(b, "#FFFFFF", "#616161", ` stroke-dasharray="8 5" rx="6"`);
/** A speech bubble with its tail pointing at (tx, ty): from the bottom edge when the target is below, else from the side it is on. */
const bubble = (b: Box, text: string, tx: number, ty: number) => {
  const below = ty > b.y + b.h;
  const bx = Math.min(Math.max(tx, b.x + 30), b.x + b.w - 30);
  const side = tx < b.x ? b.x : b.x + b.w;
  const my = b.y + b.h / 2;
  // The base on the edge, and the same base moved inside, to paint over the border where the tail joins.
  const [p1, p2, in1, in2] = below
    ? [[bx - 12, b.y + b.h], [bx + 12, b.y + b.h], [bx - 10, b.y + b.h - 3], [bx + 10, b.y + b.h - 3]]
    : [[side, my - 10], [side, my + 10], [side + (side === b.x ? 3 : -3), my - 8], [side + (side === b.x ? 3 : -3), my + 8]];
  const tail = (u: number[] | undefined, v: number[] | undefined) => `M ${u?.join(" ")} L ${tx} ${ty} L ${v?.join(" ")} Z`;
  return `<path d="${tail(p1, p2)}" fill="#FFFFFF" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/>` + rect(b, "#FFFFFF", INK, ` rx="16"`) +
    `<path d="${tail(in1, in2)}" fill="#FFFFFF"/>` + label(b.x + b.w / 2, my + 6, text, 18);
};
/** A simple person: head and body, `top` the top of the head. */
const person = (cx: number, top: number, color: string, scale = 1) => {
  const r = 24 * scale;
  const neck = top + 2 * r + 4;
  const w = 36 * scale;
  const h = 70 * scale;
  return `<circle cx="${cx}" cy="${top + r}" r="${r}" fill="#F9E0C7" stroke="${INK}" stroke-width="2"/>` +
    `<path d="M ${cx - w} ${neck + h} L ${cx - w * 0.7} ${neck} L ${cx + w * 0.7} ${neck} L ${cx + w} ${neck + h} Z" fill="${color}" stroke="${INK}" stroke-width="2"/>`;
};
/** Sound waves: arcs opening to the right around (cx, cy). */
const waves = (cx: number, cy: number, color = BLUE) =>
  [18, 34, 50].map((r) => `<path d="M ${cx + r * 0.5} ${cy - r * 0.87} A ${r} ${r} 0 0 1 ${cx + r * 0.5} ${cy + r * 0.87}" fill="none" stroke="${color}" stroke-width="4" stroke-linecap="round"/>`).join("");
/** A grid of `cols` by `rows` unit squares (base-ten blocks). */
const blocks = (x: number, y: number, cols: number, rows: number, cell: number) => {
  let out = rect({ x, y, w: cols * cell, h: rows * cell }, "#CFE4FA", BLUE);
  for (let c = 1; c < cols; c++) out += line(x + c * cell, y, x + c * cell, y + rows * cell, BLUE, 1);
  for (let r = 1; r < rows; r++) out += line(x, y + r * cell, x + cols * cell, y + r * cell, BLUE, 1);
  return out;
};
/** A number line from 0 to 20 at height `y`; tick labels at `labelled`. */
const numberLine = (y: number, labelled: readonly number[]) => {
  const at = (n: number) => 40 + 28 * n;
  let out = line(24, y, 616, y, INK, 3) + `<path d="M 616 ${y - 8} L 630 ${y} L 616 ${y + 8} Z" fill="${INK}"/>`;
  for (let n = 0; n <= 20; n++) out += line(at(n), y - (n % 5 === 0 ? 12 : 6), at(n), y + (n % 5 === 0 ? 12 : 6), INK, n % 5 === 0 ? 3 : 2);
  for (const n of labelled) out += label(at(n), y + 36, String(n), 20);
  return { svg: out, at };
};

// ---- Matemáticas ------------------------------------------------------------------------------------

const NUMBER_LINE: View = { w: 640, h: 220 };
const numberLinePoints = { A: 4, B: 13, C: 18 } as const;
const numberLineBox = (x: number): Box => ({ x: x - 32, y: 36, w: 64, h: 56 });
function drawNumberLine() {
  const axis = numberLine(150, [0, 5, 10, 15, 20]);
  let body = axis.svg;
  for (const [name, n] of Object.entries(numberLinePoints)) {
    const x = axis.at(n);
    body += blank(numberLineBox(x)) + line(x, 92, x, 106, "#616161") + label(x, 128, name, 20, { weight: "bold", fill: PINK }) + `<circle cx="${x}" cy="150" r="7" fill="${PINK}"/>`;
  }
  const zone = (n: number) => rectZone(NUMBER_LINE, numberLineBox(axis.at(n)));
  return { svg: doc(NUMBER_LINE, "Recta numérica del 0 al 20 con los puntos A, B y C", body), zones: { A: zone(numberLinePoints.A), B: zone(numberLinePoints.B), C: zone(numberLinePoints.C) } };
}

const BLANK_LINE: View = { w: 640, h: 200 };
const drawBlankLine = () => doc(BLANK_LINE, "Recta numérica del 0 al 20", numberLine(110, [0, 10, 20]).svg);

const PLACE_VALUE: View = { w: 640, h: 260 };
function drawPlaceValue() {
  const digits = ["4", "7", "2", "5"];
  const boxes = digits.map((_, i) => ({ x: 40 + 150 * i, y: 170, w: 130, h: 60 }));
  let body = "";
  digits.forEach((d, i) => {
    const x = 60 + 150 * i;
    body += rect({ x, y: 30, w: 90, h: 100 }, "#EBF3FC", BLUE, ` rx="8"`) + label(x + 45, 105, d, 72, { weight: "bold" }) + line(x + 45, 130, x + 45, 168, "#616161") + blank(boxes[i] as Box);
  });
  const zones = boxes.map((b) => rectZone(PLACE_VALUE, b));
  return { svg: doc(PLACE_VALUE, "El número 4725 con una casilla por cifra", body), zones: { thousands: zones[0] as Zone, hundreds: zones[1] as Zone, tens: zones[2] as Zone, units: zones[3] as Zone } };
}

const BLOCKS: View = { w: 640, h: 300 };
function drawBlocks() {
  const boxes = { plate: { x: 50, y: 210, w: 160, h: 60 }, bar: { x: 248, y: 210, w: 160, h: 60 }, cube: { x: 428, y: 210, w: 160, h: 60 } };
  const body = blocks(50, 20, 10, 10, 16) + blocks(320, 20, 1, 10, 16) + blocks(500, 164, 1, 1, 16) +
    line(130, 182, 130, 208, "#616161") + line(328, 182, 328, 208, "#616161") + line(508, 182, 508, 208, "#616161") +
    blank(boxes.plate) + blank(boxes.bar) + blank(boxes.cube);
  return { svg: doc(BLOCKS, "Una placa, una barra y un cubo de base diez", body), zones: { plate: rectZone(BLOCKS, boxes.plate), bar: rectZone(BLOCKS, boxes.bar), cube: rectZone(BLOCKS, boxes.cube) } };
}

const BLOCKS_213: View = { w: 480, h: 200 };
const drawBlocks213 = () =>
  doc(BLOCKS_213, "Bloques de base diez: dos placas, una barra y tres cubos", blocks(20, 30, 10, 10, 14) + blocks(175, 30, 10, 10, 14) + blocks(335, 30, 1, 10, 14) + [375, 397, 419].map((x) => blocks(x, 156, 1, 1, 14)).join(""));

const NUMBER_CARDS: View = { w: 640, h: 330 };
/** Cards in rows of four; the targets are the numbers whose 7 is worth 700. */
const CARD_NUMBERS = ["1742", "275", "7015", "3790", "457", "726", "17", "970", "70", "8307", "12 703", "5078"] as const;
const cardBox = (i: number): Box => ({ x: 30 + 150 * (i % 4), y: 30 + 100 * Math.floor(i / 4), w: 130, h: 80 });
function drawNumberCards() {
  const body = CARD_NUMBERS.map((n, i) => {
    const b = cardBox(i);
    return rect(b, "#FFF9F5", INK, ` rx="10"`) + label(b.x + b.w / 2, b.y + 52, n, 34, { weight: "bold" });
  }).join("");
  const zoneOf = (n: (typeof CARD_NUMBERS)[number]) => rectZone(NUMBER_CARDS, cardBox(CARD_NUMBERS.indexOf(n)));
  return { svg: doc(NUMBER_CARDS, "Doce tarjetas con números", body), zones: { n1742: zoneOf("1742"), n3790: zoneOf("3790"), n726: zoneOf("726"), n12703: zoneOf("12 703") } };
}

// ---- Lengua -----------------------------------------------------------------------------------------

const DIAGRAM: View = { w: 720, h: 380 };
function drawDiagram() {
  const boxes = {
    sender: { x: 35, y: 218, w: 150, h: 48 },
    receiver: { x: 535, y: 218, w: 150, h: 48 },
    message: { x: 285, y: 4, w: 150, h: 44 },
    channel: { x: 285, y: 218, w: 150, h: 48 },
    code: { x: 285, y: 326, w: 150, h: 48 },
  };
  const body = person(110, 60, PINK) + person(610, 60, BLUE) +
    bubble({ x: 230, y: 58, w: 260, h: 56 }, "«¿Quedamos a las cinco?»", 150, 88) + line(360, 48, 360, 56, "#616161") +
    line(175, 168, 540, 168, BLUE, 3) + `<path d="M 540 160 L 556 168 L 540 176 Z" fill="${BLUE}"/>` + waves(330, 168) +
    `<path d="M 110 284 L 110 296 L 610 296 L 610 284" fill="none" stroke="${INK}" stroke-width="2"/>` +
    label(360, 318, "español", 20, { weight: "bold" }) + Object.values(boxes).map(blank).join("");
  const zones = Object.fromEntries(Object.entries(boxes).map(([k, b]) => [k, rectZone(DIAGRAM, b)])) as Record<keyof typeof boxes, Zone>;
  return { svg: doc(DIAGRAM, "Esquema de una conversación entre una chica y un chico", body), zones };
}

const RADIO: View = { w: 720, h: 360 };
function drawRadio() {
  const boxes = {
    message: { x: 400, y: 8, w: 150, h: 44 },
    sender: { x: 35, y: 290, w: 150, h: 50 },
    channel: { x: 285, y: 290, w: 150, h: 50 },
    receiver: { x: 535, y: 290, w: 150, h: 50 },
  };
  const tower = `<path d="M 330 270 L 360 120 L 390 270 M 340 220 L 380 220 M 346 180 L 374 180 M 336 245 L 384 245" fill="none" stroke="${INK}" stroke-width="3"/><circle cx="360" cy="114" r="7" fill="${RED}"/>`;
  const leftWaves = [18, 34, 50].map((r) => `<path d="M ${360 - r * 0.5} ${114 - r * 0.87} A ${r} ${r} 0 0 0 ${360 - r * 0.5} ${114 + r * 0.87}" fill="none" stroke="${BLUE}" stroke-width="4" stroke-linecap="round"/>`).join("");
  const house = `<path d="M 510 140 L 610 80 L 710 140 Z" fill="#F1B8B8" stroke="${INK}" stroke-width="2"/>` + rect({ x: 522, y: 140, w: 176, h: 130 }, "#FFF4CE") +
    person(575, 160, GREEN, 0.6) + rect({ x: 620, y: 208, w: 62, h: 36 }, "#8A8886", INK, ` rx="6"`) + `<circle cx="640" cy="226" r="10" fill="#FFFFFF" stroke="${INK}"/>` + line(668, 208, 680, 188);
  const mic = rect({ x: 150, y: 150, w: 12, h: 22 }, "#605E5C", INK, ` rx="6"`) + line(156, 172, 156, 200) + line(140, 200, 172, 200);
  const body = person(100, 110, PINK) + mic + bubble({ x: 30, y: 20, w: 300, h: 56 }, "«Mañana lloverá en el norte»", 100, 106) + line(330, 40, 398, 30, "#616161") +
    tower + waves(360, 114) + leftWaves + house + Object.values(boxes).map(blank).join("");
  const zones = Object.fromEntries(Object.entries(boxes).map(([k, b]) => [k, rectZone(RADIO, b)])) as Record<keyof typeof boxes, Zone>;
  return { svg: doc(RADIO, "Una locutora de radio, una antena y un oyente en su casa", body), zones };
}

const CLASSROOM: View = { w: 720, h: 380 };
function drawClassroom() {
  const boxes = {
    message: { x: 300, y: 96, w: 150, h: 44 },
    sender: { x: 35, y: 310, w: 150, h: 48 },
    channel: { x: 265, y: 250, w: 150, h: 48 },
    receiver: { x: 525, y: 310, w: 150, h: 48 },
    noise: { x: 530, y: 142, w: 150, h: 44 },
  };
  const pane = rect({ x: 520, y: 10, w: 170, h: 120 }, "#DEECF9") + line(605, 10, 605, 130) +
    rect({ x: 560, y: 86, w: 40, h: 22 }, "#13A10E", INK, ` rx="4"`) + `<circle cx="566" cy="112" r="6" fill="${INK}"/><circle cx="594" cy="112" r="6" fill="${INK}"/>` + line(600, 88, 626, 64, INK, 3) +
    label(647, 50, "¡BRRRUM!", 14, { weight: "bold", fill: RED });
  const students = person(570, 196, GREEN, 0.7) + person(650, 196, "#CA5010", 0.7) + rect({ x: 525, y: 270, w: 170, h: 20 }, "#C19C6D");
  const body = person(110, 150, PINK, 1.1) + bubble({ x: 150, y: 18, w: 300, h: 56 }, "«Abrid el libro por la página 20»", 128, 152) + line(375, 74, 375, 94, "#616161") +
    line(180, 200, 500, 200, BLUE, 3) + `<path d="M 500 192 L 516 200 L 500 208 Z" fill="${BLUE}"/>` + waves(300, 200) + line(340, 206, 340, 248, "#616161") +
    pane + line(605, 130, 605, 140, "#616161") + students + Object.values(boxes).map(blank).join("");
  const zones = Object.fromEntries(Object.entries(boxes).map(([k, b]) => [k, rectZone(CLASSROOM, b)])) as Record<keyof typeof boxes, Zone>;
  return { svg: doc(CLASSROOM, "Una profesora habla a sus alumnos mientras fuera suena un cortacésped", body), zones };
}

const STREET: View = { w: 800, h: 450 };
function drawStreet() {
  const dog = `<ellipse cx="140" cy="370" rx="50" ry="22" fill="#C19C6D" stroke="${INK}" stroke-width="2"/><circle cx="196" cy="344" r="20" fill="#C19C6D" stroke="${INK}" stroke-width="2"/>` +
    line(110, 388, 108, 414, INK, 5) + line(170, 388, 172, 414, INK, 5) + line(90, 364, 70, 348, INK, 4) + label(196, 310, "¡GUAU!", 18, { weight: "bold", fill: RED });
  const tree = rect({ x: 118, y: 170, w: 24, h: 100 }, "#8E562E") + `<circle cx="130" cy="130" r="60" fill="#9FD89F" stroke="${GREEN}" stroke-width="3"/>`;
  const bench = rect({ x: 290, y: 380, w: 110, h: 12 }, "#C19C6D") + line(302, 392, 302, 420, INK, 4) + line(388, 392, 388, 420, INK, 4) + rect({ x: 290, y: 352, w: 110, h: 10 }, "#C19C6D");
  const marta = person(400, 150, PINK) + rect({ x: 424, y: 166, w: 12, h: 26 }, INK, INK, ` rx="3"`) + bubble({ x: 320, y: 40, w: 180, h: 52 }, "«¿Me oyes?»", 392, 148);
  const lamp = line(540, 110, 540, 420, "#605E5C", 6) + `<path d="M 520 110 L 560 110 L 550 90 L 530 90 Z" fill="#FFF100" stroke="${INK}" stroke-width="2"/>`;
  const worker = person(680, 150, "#F7630C") + `<path d="M 652 166 A 28 22 0 0 1 708 166 Z" fill="#FFF100" stroke="${INK}" stroke-width="2"/>` +
    rect({ x: 722, y: 226, w: 14, h: 64 }, "#605E5C") + line(729, 290, 729, 312, INK, 4) + label(690, 136, "¡TRRRR!", 18, { weight: "bold", fill: RED });
  const car = `<path d="M 630 380 L 650 350 L 730 350 L 750 380 Z" fill="#DEECF9" stroke="${INK}" stroke-width="2"/>` + rect({ x: 610, y: 380, w: 170, h: 34 }, BLUE, INK, ` rx="8"`) +
    `<circle cx="645" cy="416" r="14" fill="${INK}"/><circle cx="745" cy="416" r="14" fill="${INK}"/>` + label(600, 352, "¡PIII!", 18, { weight: "bold", fill: RED });
  const body = rect({ x: 0, y: 420, w: 800, h: 30 }, "#E1DFDD", "#E1DFDD") + tree + dog + bench + marta + lamp + worker + car;
  return {
    svg: doc(STREET, "Marta habla por el móvil en una calle", body),
    zones: { dog: circleZone(STREET, 145, 365, 64), worker: rectZone(STREET, { x: 630, y: 116, w: 120, h: 200 }), car: rectZone(STREET, { x: 570, y: 332, w: 220, h: 100 }) },
  };
}

const PANELS: View = { w: 640, h: 300 };
const drawPanels = () =>
  doc(PANELS, "Dos viñetas vacías numeradas", [20, 330].map((x, i) =>
    rect({ x, y: 20, w: 290, h: 260 }, "#FFFFFF", INK, "", 3) + `<circle cx="${x + 22}" cy="42" r="14" fill="${INK}"/>` + label(x + 22, 48, String(i + 1), 18, { weight: "bold", fill: "#FFFFFF" })).join(""));

const SIGN: View = { w: 240, h: 240 };
const drawSign = () =>
  doc(SIGN, "Señal de prohibido usar el teléfono móvil",
    `<circle cx="120" cy="120" r="100" fill="#FFFFFF" stroke="${RED}" stroke-width="18"/>` + rect({ x: 95, y: 62, w: 50, h: 106 }, INK, INK, ` rx="8"`) +
    rect({ x: 101, y: 74, w: 38, h: 78 }, "#DEECF9", "#DEECF9") + `<circle cx="120" cy="160" r="4" fill="#FFFFFF"/>` + line(50, 50, 190, 190, RED, 18));

// ---- The catalogue ------------------------------------------------------------------------------------

const numberLineImage = drawNumberLine();
const placeValueImage = drawPlaceValue();
const blocksImage = drawBlocks();
const cardsImage = drawNumberCards();
const diagramImage = drawDiagram();
const radioImage = drawRadio();
const classroomImage = drawClassroom();
const streetImage = drawStreet();

/** Zones of the drawings, by image: where each thing is drawn. */
export const IMAGE_ZONES = {
  numberLine: numberLineImage.zones,
  placeValue: placeValueImage.zones,
  blocks: blocksImage.zones,
  cards: cardsImage.zones,
  diagram: diagramImage.zones,
  radio: radioImage.zones,
  classroom: classroomImage.zones,
  street: streetImage.zones,
};

export type SeedImage = { key: string; edition: EditionSlug; fileName: string; alt: string; svg: string; view: View };

const IMAGES = {
  numberLine: { edition: "aula", fileName: "recta-numerica-0-20.svg", view: NUMBER_LINE, svg: numberLineImage.svg, alt: "Recta numérica del 0 al 20 con una marca en cada número entero; solo están rotulados el 0, el 5, el 10, el 15 y el 20. Sobre la recta hay tres puntos, de izquierda a derecha A, B y C, cada uno con un recuadro en blanco encima." },
  blankLine: { edition: "aula", fileName: "recta-numerica-en-blanco.svg", view: BLANK_LINE, svg: drawBlankLine(), alt: "Recta numérica del 0 al 20 con una marca en cada número entero; solo están rotulados el 0, el 10 y el 20." },
  placeValue: { edition: "aula", fileName: "valor-posicional-4725.svg", view: PLACE_VALUE, svg: placeValueImage.svg, alt: "El número 4725 escrito con cada cifra en una casilla: 4, 7, 2 y 5. Debajo de cada cifra, unido a ella por una línea, hay un recuadro en blanco." },
  blocks: { edition: "aula", fileName: "bloques-base-diez.svg", view: BLOCKS, svg: blocksImage.svg, alt: "Tres bloques de base diez, de izquierda a derecha: una placa cuadrada de 10 por 10 cuadraditos, una barra de 10 cuadraditos y un cuadradito suelto. Debajo de cada bloque hay un recuadro en blanco." },
  blocks213: { edition: "aula", fileName: "bloques-dos-placas-una-barra-tres-cubos.svg", view: BLOCKS_213, svg: drawBlocks213(), alt: "Bloques de base diez: dos placas de 10 por 10 cuadraditos, una barra de 10 cuadraditos y tres cuadraditos sueltos." },
  cards: { edition: "aula", fileName: "tarjetas-de-numeros.svg", view: NUMBER_CARDS, svg: cardsImage.svg, alt: "Doce tarjetas en tres filas de cuatro con estos números. Primera fila: 1742, 275, 7015 y 3790. Segunda fila: 457, 726, 17 y 970. Tercera fila: 70, 8307, 12 703 y 5078." },
  diagram: { edition: "aula", fileName: "esquema-comunicacion.svg", view: DIAGRAM, svg: diagramImage.svg, alt: "Esquema de una conversación: a la izquierda una chica dice «¿Quedamos a las cinco?» a un chico que está a la derecha; entre los dos, una flecha con ondas sonoras va de la chica al chico, y bajo ambos una llave los une con la palabra «español». Hay cinco recuadros en blanco: sobre el bocadillo, bajo la chica, bajo las ondas, bajo el chico y bajo la palabra «español»." },
  radio: { edition: "aula", fileName: "locutora-de-radio.svg", view: RADIO, svg: radioImage.svg, alt: "A la izquierda, una locutora habla ante un micrófono y dice «Mañana lloverá en el norte»; en el centro, una antena emite ondas; a la derecha, un chico escucha la radio en su casa. Hay cuatro recuadros en blanco: junto al bocadillo, bajo la locutora, bajo la antena y bajo la casa." },
  classroom: { edition: "aula", fileName: "clase-con-ruido.svg", view: CLASSROOM, svg: classroomImage.svg, alt: "Una clase: a la izquierda, una profesora dice «Abrid el libro por la página 20»; a la derecha, dos alumnos la escuchan sentados a su mesa; entre ellos, una flecha con ondas sonoras. Por la ventana, arriba a la derecha, se ve un cortacésped que hace «¡BRRRUM!». Hay cinco recuadros en blanco: bajo el bocadillo, bajo la profesora, bajo las ondas, bajo la ventana y bajo los alumnos." },
  street: { edition: "aula", fileName: "llamada-en-la-calle.svg", view: STREET, svg: streetImage.svg, alt: "Una calle. En el centro, Marta habla por el móvil y pregunta «¿Me oyes?». A la izquierda hay un árbol y, debajo, un perro que ladra «¡GUAU!»; junto a Marta, un banco vacío; a la derecha, una farola, un obrero con casco y un martillo neumático que hace «¡TRRRR!» y, abajo, un coche que pita «¡PIII!»." },
  panels: { edition: "aula", fileName: "dos-vinetas.svg", view: PANELS, svg: drawPanels(), alt: "Dos viñetas vacías, una al lado de la otra, numeradas 1 y 2." },
  sign: { edition: "aula", fileName: "senal-prohibido-movil.svg", view: SIGN, svg: drawSign(), alt: "Señal circular con borde rojo y una barra roja en diagonal sobre el dibujo de un teléfono móvil." },
} as const satisfies Record<string, Omit<SeedImage, "key">>;
export type ImageKey = keyof typeof IMAGES;

export const SEED_IMAGES: readonly SeedImage[] = Object.entries(IMAGES).map(([key, image]) => ({ key, ...image }));

/** Stable id of a seeded question image. */
export const questionImageId = (image: Pick<SeedImage, "edition" | "key">) => seedId("question-image", image.edition, image.key);
export const questionImageKey = (image: Pick<SeedImage, "edition" | "key">) => `question-images/${questionImageId(image)}.svg`;

/** An image as question_data holds it: its stable address and its alt text. */
export function questionImage(key: ImageKey): Image {
  const image = IMAGES[key];
  return { url: `/${questionImageKey({ key, edition: image.edition })}`, alt: image.alt };
}
