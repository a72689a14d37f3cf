/*
 * Builders of the demo seed's files: each returns a genuinely valid file (PDF, PNG, WAV, WebVTT,
 * zip packages). Pure and deterministic; tests and e2e reuse them to upload the same files.
 */
export { audioTimeline, buildVtt, buildWav, C_MAJOR_SCALE, NUMBER_IN_SOUNDS, WAV_SAMPLE_RATE, type AudioScript } from "./audio";
export { buildDocx, buildPageHtml, buildPowersZip, POWERS_ZIP_FILES, zipEntries } from "./documents";
export { buildHtmlInteractive, HTML_INTERACTIVE_FILES } from "./html-interactive";
export { buildLessonPdf } from "./pdf";
export { NUMERACAO_PDF, NUMERATION_PDF, SQUARE_ROOT_PDF, type PdfLesson } from "./pdf-texts";
export { buildPng, crc32, PNG_HEIGHT, PNG_WIDTH } from "./png";
export { buildScorm12Package, SCORM12_FILES, SCORM12_TITLE } from "./scorm12";
export { NUMERATION_KEY_IDEAS, OPERATIONS_ASSIGNMENT } from "./texts";
export { buildXapiPackage, XAPI_ACTIVITY_ID, XAPI_FILES, XAPI_STATE_ID, XAPI_TITLE } from "./xapi";
export { once } from "./zip";
