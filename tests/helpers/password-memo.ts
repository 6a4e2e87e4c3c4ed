/**
 * Better Auth hashes passwords with scrypt (~60–100 ms of CPU each, on the libuv pool). The
 * integration suite hashed or checked ~1,100 passwords a run, nearly all of them the same test
 * password for a new user or a new sign-in: a quarter of its CPU. Here the worker's Better Auth
 * instance remembers each answer: the first hash of a password and the first check of a
 * (hash, password) pair run Better Auth's own scrypt; a repeat gets that same answer. Users created
 * with the same password then share a salt, which changes nothing a test can see: a check still
 * compares the stored hash with the password given, and a wrong password is still refused.
 */
import { getAuth } from "~/features/accounts/auth.server";
import { getTestDb } from "./db";

type Passwords = {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
};
const remembered = new WeakSet<object>();

export async function rememberPasswordHashes(): Promise<void> {
  const handle = await getTestDb();
  const passwords = (await (await getAuth(handle.db)).$context).password as Passwords;
  if (remembered.has(passwords)) return;
  remembered.add(passwords);
  const { hash, verify } = passwords;
  const hashes = new Map<string, Promise<string>>();
  const checks = new Map<string, Promise<boolean>>();
  passwords.hash = (password) => {
    let out = hashes.get(password);
    if (!out) {
      out = hash(password);
      hashes.set(password, out);
      out.catch(() => hashes.delete(password));
    }
    return out;
  };
  passwords.verify = (input) => {
    const key = `${input.hash}\u0000${input.password}`;
    let out = checks.get(key);
    if (!out) {
      out = verify(input);
      checks.set(key, out);
      out.catch(() => checks.delete(key));
    }
    return out;
  };
}
