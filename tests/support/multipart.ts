/** A multipart/form-data body for app.inject: fields, and files when a part has a filename. */
export type Part = { name: string; filename?: string; content: Buffer | string };

export function multipart(parts: Part[]) {
  const boundary = `----aula${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    const type = p.filename !== undefined ? "Content-Type: application/octet-stream\r\n" : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(p.content), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** One file part named `name`. */
export const fileForm = (name: string, filename: string, content: Buffer | string) => multipart([{ name, filename, content }]);
