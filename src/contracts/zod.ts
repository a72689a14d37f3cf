import { config } from "zod";

/*
 * zod, as every contract file takes it: `import * as z from "./zod"` (ADR 0028).
 *
 * An object schema asks zod once, when it is defined, whether `new Function` works
 * (zod/v4/core/util.js `allowsEval`), to compile a faster parser. In the browser the CSP refuses
 * it (script-src without 'unsafe-eval') and reports a `securitypolicyviolation` even though zod
 * catches the error; `jitless` skips the probe and the compiled parsers. It is set here, before any
 * contract module defines a schema (a module's imports run before its body). The server (no
 * `document`) keeps the compiled parsers.
 *
 * A star re-export, not `export { z }`: webpack shakes the members a namespace import uses, but
 * re-exporting zod's `z` object keeps all of zod, every locale included (~75 KiB gzip more).
 */
if (typeof document !== "undefined") config({ jitless: true });

export * from "zod";
