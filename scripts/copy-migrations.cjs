// The server build copies the committed SQL migrations next to the compiled code,
// because drizzle's migrator reads them from disk at start.
const fs = require("node:fs");
const path = require("node:path");
const from = path.join(__dirname, "..", "src", "server", "db", "migrations");
const to = path.join(__dirname, "..", "dist", "server", "db", "migrations");
fs.rmSync(to, { recursive: true, force: true });
fs.cpSync(from, to, { recursive: true });
