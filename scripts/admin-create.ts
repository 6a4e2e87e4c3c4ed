// `npm run admin:create -- --email owner@example.com --name "Owner" [--password-file path] [--reset-password]`
// Creates an administrator (or promotes an existing account). The first admin of an install is the
// primary admin. Without --password-file the password is asked for (hidden) on the terminal, or read
// from the first line of standard input when it is not a terminal.
import fs from "node:fs";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { closeDb, getDbHandle } from "~/db/client.server";
import { DatabaseLockedError } from "~/db/dir-lock.server";
import { migrateAndSeed } from "~/db/migrate.server";
import { createAdmin } from "~/features/accounts/accounts.server";
import { MAX_PASSWORD, MIN_PASSWORD } from "~/features/accounts/schema";

const USAGE = 'Usage: npm run admin:create -- --email you@example.com --name "Your Name" [--password-file FILE]';

async function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = readline.createInterface({ input: process.stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    return "";
  }
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Echo nothing while the password is typed.
    const mute = rl as unknown as { _writeToOutput: (s: string) => void };
    let asked = false;
    mute._writeToOutput = (s: string) => {
      if (!asked) process.stdout.write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    asked = true;
  });
}

async function readPassword(file: string | undefined): Promise<string> {
  if (file) return fs.readFileSync(file, "utf8").replace(/\r?\n$/, "");
  const first = await promptHidden("Password (at least 8 characters): ");
  if (process.stdin.isTTY) {
    const again = await promptHidden("Repeat the password: ");
    if (again !== first) throw new Error("The passwords do not match. Nothing was changed.");
  }
  return first;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      "password-file": { type: "string" },
      "reset-password": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.email) throw new Error(`--email is required.\n${USAGE}`);
  const password = await readPassword(values["password-file"]);
  if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
    throw new Error(`The password must be ${MIN_PASSWORD} to ${MAX_PASSWORD} characters long. Nothing was changed.`);
  }
  // Open (and lock) the database before anything else: a running server holding it is reported here.
  const handle = await getDbHandle();
  await migrateAndSeed(handle);
  const result = await createAdmin(handle.db, {
    email: values.email,
    name: values.name ?? "",
    password,
    resetPassword: values["reset-password"],
  });
  console.log(
    `${result.created ? "Created" : "Promoted"} ${values.email.trim().toLowerCase()} as ${
      result.isPrimary ? "the primary administrator" : "an administrator"
    }.`,
  );
}

try {
  await main();
  await closeDb();
} catch (error) {
  if (error instanceof DatabaseLockedError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  await closeDb().catch(() => {});
  process.exitCode = 1;
}
