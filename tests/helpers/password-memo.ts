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
const wrapped = new WeakSet<object>();

export async function rememberPasswordHashes(): Promise<void> {
  const handle = await getTestDb();
  const passwords = (await (await getAuth(handle.db)).$context).password as Passwords;
  if (wrapped.has(passwords)) return;
  wrapped.add(passwords);
  const { hash, verify } = passwords;
  passwords.hash = remembered(hash, (password) => password);
  passwords.verify = remembered(verify, (input) => `${input.hash}\u0000${input.password}`);
}

/** `fn` with each answer kept by `keyOf` of its argument (a failure is not kept). */
function remembered<A, R>(fn: (arg: A) => Promise<R>, keyOf: (arg: A) => string): (arg: A) => Promise<R> {
  const answers = new Map<string, Promise<R>>();
  return (arg) => {
    const key = keyOf(arg);
    let out = answers.get(key);
    if (!out) {
      out = fn(arg);
      answers.set(key, out);
      out.catch(() => answers.delete(key));
    }
    return out;
  };
}
