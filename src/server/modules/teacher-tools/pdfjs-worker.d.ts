// pdf.js's worker module has no types of its own; the server only hands it to pdf.js (pdf-text.ts).
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
