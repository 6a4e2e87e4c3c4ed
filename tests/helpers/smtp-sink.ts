/**
 * A local SMTP server on 127.0.0.1 that keeps what it is sent, for tests of email that must reach
 * only its recipient (a password-reset link is delivered through SMTP and never stored readable).
 * Enough SMTP for nodemailer: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no auth.
 *
 *   const sink = await startSmtpSink();
 *   // SMTP_URL=sink.url for the server (or useSmtpSink() in an integration file)
 *   sink.lastTo("student@example.com")?.text
 */
import net from "node:net";
import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "~/lib/env.server";

export interface DeliveredMail {
  to: string[];
  subject: string;
  /** The body, quoted-printable decoded. */
  text: string;
  raw: string;
}

export interface SmtpSink {
  url: string;
  messages: DeliveredMail[];
  lastTo(address: string): DeliveredMail | undefined;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function parse(raw: string, to: string[]): DeliveredMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? "";
  const qp = /^Content-Transfer-Encoding: quoted-printable/im.test(head);
  return { to, subject, text: qp ? decodeQuotedPrintable(body) : body, raw };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: DeliveredMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let data: string[] = [];
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 localhost test SMTP sink");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\r\n"); end !== -1; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            messages.push(parse(data.join("\r\n"), to));
            data = [];
            to = [];
            reply("250 OK: kept");
          } else {
            data.push(line.startsWith("..") ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-localhost\r\n250 8BITMIME\r\n");
        else if (verb === "HELO") reply("250 localhost");
        else if (verb === "MAIL" || verb === "RSET" || verb === "NOOP") reply("250 OK");
        else if (verb === "RCPT") {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
        } else reply("502 Not implemented");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    lastTo: (address) => messages.findLast((m) => m.to.includes(address)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * For an integration test file: the app sends through a sink for the file's tests (SMTP_URL set
 * before they run, the previous value back after). The sink is filled once `beforeAll` has run.
 */
export function useSmtpSink(): SmtpSink {
  const holder = {} as { sink: SmtpSink };
  let previous: string | undefined;
  beforeAll(async () => {
    holder.sink = await startSmtpSink();
    previous = process.env.SMTP_URL;
    process.env.SMTP_URL = holder.sink.url;
    resetEnvCache();
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = previous;
    resetEnvCache();
    await holder.sink?.close();
  });
  return {
    get url() {
      return holder.sink.url;
    },
    get messages() {
      return holder.sink.messages;
    },
    lastTo: (address) => holder.sink.lastTo(address),
    close: () => holder.sink.close(),
  };
}
