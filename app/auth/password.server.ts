import { randomBytes } from "node:crypto";
import { hash, verify, type Options } from "@node-rs/argon2";

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): ~30 ms here,
 * affordable on a small shared server and far beyond what GPUs like.
 */
const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id: the package declares a const enum, which isolatedModules cannot import.
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash we cannot parse (never throws on bad input). */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * A real argon2id hash of a random secret, made once per process on first use
 * with the same options as account hashes. Sign-in verifies against it when the
 * account is missing or has no password, so every answer costs one argon2
 * verification and response time does not reveal which addresses have accounts.
 */
export function dummyPasswordHash(): Promise<string> {
  if (!dummyHash) {
    dummyHash = hashPassword(randomBytes(18).toString("base64url"));
    dummyHash.catch(() => (dummyHash = null));
  }
  return dummyHash;
}
