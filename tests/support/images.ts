import zlib from "node:zlib";

/*
 * Real image files for upload tests, built byte by byte (no fixture files to keep in step).
 */

const chunk = (type: string, data: Buffer): Buffer => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
};

/**
 * A PNG of `width` × `height` red pixels (RGB, 8 bits). `headerOnly`: the header says that size
 * but the data holds one row (what a reader of dimensions sees; for limits on huge pictures).
 */
export function pngOf(width = 1, height = 1, options: { headerOnly?: boolean } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([255, 0, 0]))]);
  const rows = options.headerOnly ? 1 : height;
  const raw = Buffer.concat(Array.from({ length: rows }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", zlib.deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}
