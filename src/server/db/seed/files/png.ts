import { deflateSync } from "node:zlib";

/*
 * A PNG encoder small enough to read: 8-bit RGB, filter 0 on every row, one IDAT chunk. Used to
 * draw the demo diagram (base-ten blocks) without an image library.
 */

type Rgb = readonly [number, number, number];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC, the one PNG chunks and zip entries use). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An RGB canvas with the few drawing operations the diagram needs. */
class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  rect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void {
    const x0 = Math.max(0, x);
    const y0 = Math.max(0, y);
    const x1 = Math.min(this.width, x + w);
    const y1 = Math.min(this.height, y + h);
    if (x1 <= x0 || y1 <= y0) return;
    const first = (y0 * this.width + x0) * 3;
    for (let i = first; i < first + (x1 - x0) * 3; i += 3) {
      this.pixels[i] = r;
      this.pixels[i + 1] = g;
      this.pixels[i + 2] = b;
    }
    // The other rows are copies of the first.
    for (let py = y0 + 1; py < y1; py++) this.pixels.copyWithin((py * this.width + x0) * 3, first, first + (x1 - x0) * 3);
  }

  /** A square cell of a block, with a darker edge so the cells can be counted. */
  cell(x: number, y: number, size: number, fill: Rgb, edge: Rgb): void {
    this.rect(x, y, size, size, edge);
    this.rect(x + 1, y + 1, size - 2, size - 2, fill);
  }

  text(x: number, y: number, text: string, scale: number, color: Rgb): void {
    let cx = x;
    for (const ch of text) {
      const glyph = GLYPHS[ch];
      if (glyph) {
        glyph.forEach((row, gy) => {
          for (let gx = 0; gx < 5; gx++) if (row & (0b10000 >> gx)) this.rect(cx + gx * scale, y + gy * scale, scale, scale, color);
        });
      }
      cx += 6 * scale;
    }
  }

  encode(): Uint8Array {
    const stride = this.width * 3;
    const raw = new Uint8Array((stride + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (stride + 1)] = 0; // filter type: None
      raw.set(this.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, adaptive filters, no interlace
    return new Uint8Array(
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk("IHDR", ihdr),
        chunk("IDAT", deflateSync(raw, { level: 6 })),
        chunk("IEND", new Uint8Array(0)),
      ]),
    );
  }
}

/** 5x7 bitmaps (one number per row, high bit on the left) of the characters the labels use. */
const GLYPHS: Record<string, readonly number[]> = {
  "0": [0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110],
  "1": [0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
  "2": [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111],
  "3": [0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110],
  "4": [0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010],
  "5": [0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110],
  "6": [0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110],
  "7": [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000],
  "8": [0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110],
  "9": [0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100],
  "+": [0b00000, 0b00100, 0b00100, 0b11111, 0b00100, 0b00100, 0b00000],
  "=": [0b00000, 0b00000, 0b11111, 0b00000, 0b11111, 0b00000, 0b00000],
};

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [36, 36, 36];
const HUNDREDS: { fill: Rgb; edge: Rgb } = { fill: [98, 171, 245], edge: [15, 108, 189] };
const TENS: { fill: Rgb; edge: Rgb } = { fill: [95, 210, 85], edge: [16, 124, 16] };
const UNITS: { fill: Rgb; edge: Rgb } = { fill: [247, 167, 120], edge: [202, 80, 16] };

export const PNG_WIDTH = 320;
export const PNG_HEIGHT = 240;

/**
 * Base-ten blocks for a number from 100 to 159 with at most 5 tens and 6 units: a flat of 10x10
 * cells (one hundred), rods of 10 cells (tens) and single cells (units), each group labelled with
 * its digit, under the sum "100+30+4=134". 320x240 RGB.
 */
export function buildPng(value = 134): Uint8Array {
  const hundreds = Math.floor(value / 100);
  const tens = Math.floor(value / 10) % 10;
  const units = value % 10;
  if (!Number.isInteger(value) || hundreds !== 1 || tens > 5 || units > 6) throw new RangeError(`cannot draw ${value} as base-ten blocks`);

  const canvas = new Canvas(PNG_WIDTH, PNG_HEIGHT, WHITE);
  const size = 12;
  const top = 56;
  const sum = `${hundreds * 100}+${tens * 10}+${units}=${value}`;
  canvas.text(Math.round((PNG_WIDTH - sum.length * 18) / 2), 14, sum, 3, INK);

  const flatX = 20;
  for (let r = 0; r < 10; r++) for (let c = 0; c < 10; c++) canvas.cell(flatX + c * size, top + r * size, size, HUNDREDS.fill, HUNDREDS.edge);
  const rodsX = flatX + 10 * size + 16;
  for (let t = 0; t < tens; t++) for (let r = 0; r < 10; r++) canvas.cell(rodsX + t * (size + 8), top + r * size, size, TENS.fill, TENS.edge);
  const unitsX = rodsX + 5 * (size + 8) + 12;
  for (let u = 0; u < units; u++) canvas.cell(unitsX + (u % 2) * (size + 6), top + Math.floor(u / 2) * (size + 6), size, UNITS.fill, UNITS.edge);

  // A ruled line under the blocks, then each group's digit centred under it.
  canvas.rect(16, top + 10 * size + 10, PNG_WIDTH - 32, 2, INK);
  const labelY = top + 10 * size + 24;
  canvas.text(flatX + 5 * size - 8, labelY, String(hundreds), 3, HUNDREDS.edge);
  if (tens > 0) canvas.text(rodsX + Math.round((tens * (size + 8) - 8) / 2) - 8, labelY, String(tens), 3, TENS.edge);
  if (units > 0) canvas.text(unitsX + (units > 1 ? size + 3 : Math.round(size / 2)) - 8, labelY, String(units), 3, UNITS.edge);
  return canvas.encode();
}
