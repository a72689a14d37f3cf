// Draws the Teams app icons (color 192x192, outline 32x32 white-on-transparent) as PNG with no
// image tooling: an open-book mark, rendered by a signed-distance test per pixel.
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");

function crc32(buf) {
  let c;
  const table = [];
  for (let n = 0; n < 256; n++) {
    c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  let crc = 0xffffffff;
  for (const b of buf) crc = table[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5, size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r; raw[o + 1] = g; raw[o + 2] = b; raw[o + 3] = a;
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** True inside the open-book mark, in unit coordinates (0..1). */
function inBook(u, v) {
  const sag = 0.06 * Math.cos((u - 0.5) * Math.PI);
  const top = 0.3 + sag;
  const bottom = 0.72 + sag;
  const inPages = u > 0.18 && u < 0.82 && v > top && v < bottom;
  const spine = Math.abs(u - 0.5) < 0.018;
  return inPages && !spine;
}

const BRAND = [15, 108, 189];
const color = png(192, (x, y, s) => {
  const u = x / s;
  const v = y / s;
  const r = 0.18;
  const dx = Math.max(r - u, 0, u - (1 - r));
  const dy = Math.max(r - v, 0, v - (1 - r));
  if (dx * dx + dy * dy > r * r) return [0, 0, 0, 0];
  return inBook(u, v) ? [255, 255, 255, 255] : [...BRAND, 255];
});
const outline = png(32, (x, y, s) => (inBook(x / s, y / s) ? [255, 255, 255, 255] : [0, 0, 0, 0]));

const out = path.join(__dirname, "..", "appPackage");
fs.writeFileSync(path.join(out, "color.png"), color);
fs.writeFileSync(path.join(out, "outline.png"), outline);
console.log("wrote appPackage/color.png (192x192) and appPackage/outline.png (32x32)");
