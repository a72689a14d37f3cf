import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { SMTPServer } from "smtp-server";
import { createMailer } from "../../src/server/platform/mailer";

const log = Fastify({ logger: false }).log;
const mail = { to: "ana@example.test", subject: "Restablecer la contraseña", text: "Enlace: https://aula.example.test/reset-password?token=abc" };

describe("mailer", () => {
  it("writes each mail as an .eml file in DATA_DIR/outbox when no SMTP_URL is set", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aula-mail-"));
    try {
      await createMailer({ smtpUrl: undefined, from: "Aula <no-reply@aula.local>", dataDir, log }).send(mail);
      const files = fs.readdirSync(path.join(dataDir, "outbox"));
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(dataDir, "outbox", files[0] ?? ""), "utf8");
      expect(eml).toMatch(/^To: ana@example\.test$/m);
      expect(eml).toMatch(/^From: Aula <no-reply@aula\.local>$/m);
      expect(eml).toContain("reset-password?token=abc");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("sends through SMTP when SMTP_URL is set (a real SMTP server on loopback)", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, done) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
        stream.on("end", () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Aula <no-reply@aula.local>", dataDir: os.tmpdir(), log });
      await mailer.send(mail);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^Subject: =\?UTF-8\?Q\?Restablecer_la_contrase=C3=B1a\?=/m);
      expect(received[0]).toContain("reset-password?token=abc");
      expect(received[0]).toContain("ana@example.test");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
