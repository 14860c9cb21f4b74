import type { Db } from "~/db/db.server.ts";
import { findUserByEmail, type UserRow } from "./accounts.server.ts";
import { dummyPasswordHash, verifyPassword } from "./password.server.ts";

type CredentialCheck =
  { status: "ok"; user: UserRow } | { status: "no-account" } | { status: "no-password" } | { status: "wrong-password" };

type PasswordVerifier = (hashed: string, password: string) => Promise<boolean>;

/**
 * Email + password sign-in check. Exactly one argon2 verification whatever the
 * outcome: a missing account, or one without a password (created with Google),
 * is verified against a dummy hash of the same cost, so the time taken does
 * not tell an observer whether the address has an account. (The messages do
 * name each case, a product choice; timing must not be a second channel.)
 */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
  verify: PasswordVerifier = verifyPassword,
): Promise<CredentialCheck> {
  const user = await findUserByEmail(db, email);
  const hashed = user?.password_hash ?? (await dummyPasswordHash());
  const matches = await verify(hashed, password);
  if (!user) return { status: "no-account" };
  if (!user.password_hash) return { status: "no-password" };
  return matches ? { status: "ok", user } : { status: "wrong-password" };
}
