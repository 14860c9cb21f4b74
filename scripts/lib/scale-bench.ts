// Pieces of `npm run bench:scale`: a throwaway PostgreSQL database of its own,
// and an owner signed in the way staff sign in (password, then the TOTP code).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { DbTarget } from "./server.ts";

export interface Measure {
  what: string;
  /** The median, or the one run's time (ms). */
  p50: number;
  /** Null for a measure taken once. */
  p95: number | null;
  /** Upper bound in ms for p95 (or the time when p95 is null); null: no target. */
  target: number | null;
  note: string;
}

/** A database `bench_scale_<random>` on the server of `pgUrl`, dropped by cleanup (unless keep). */
export async function createPgDatabase(pgUrl: string, keep: boolean): Promise<DbTarget> {
  const name = `bench_scale_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "an-scale-postgres-"));
  return {
    kind: "postgres",
    databaseUrl: u.toString(),
    dataDir,
    cleanup: async () => {
      if (keep) return;
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const PASSWORD = "una-clave-larga-1";

function cookieOf(res: Response, name: string): string | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line ? line.split(";")[0]! : null;
}

/**
 * Registers an account through the form, makes it the owner with a confirmed
 * TOTP secret (as after activation), then signs in: POST /login, then the
 * code at /gestion/verificar. The session cookie ("an_session=…").
 * The caller has registered the app alias ("~/…").
 */
export async function signInOwner(origin: string, databaseUrl: string): Promise<string> {
  const { registerCustomer } = await import("./page-sessions.ts");
  const { createDb, inTransaction } = await import("~/db/db.server.ts");
  const { saveConfirmedTotp } = await import("~/staff/auth/second-factor.server.ts");
  const { base32Decode, base32Encode, hotp, timeStep } = await import("~/domain/totp.ts");
  const email = `bench-scale-owner-${Date.now().toString(36)}@example.com`;
  await registerCustomer(origin, email, { first: "Dueña", last: "Escala" });
  const secret = base32Encode(crypto.getRandomValues(new Uint8Array(20)));
  const db = createDb(databaseUrl);
  try {
    const user = await db
      .updateTable("users")
      .set({ role: "owner" })
      .where("email", "=", email)
      .returning("id")
      .executeTakeFirstOrThrow();
    await inTransaction(db, (trx) => saveConfirmedTotp(trx, user.id, secret, 0));
  } finally {
    await db.destroy();
  }
  const form = { origin, "content-type": "application/x-www-form-urlencoded" };
  const login = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: form,
    body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "/gestion" }),
  });
  const challenge = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  if (login.status !== 302 || !challenge) throw new Error(`staff sign-in: POST /login answered ${login.status}`);
  const code = hotp(base32Decode(secret)!, timeStep(Date.now()));
  const verify = await fetch(`${origin}/gestion/verificar`, {
    method: "POST",
    redirect: "manual",
    headers: { ...form, cookie: challenge },
    body: new URLSearchParams({ code }),
  });
  const session = cookieOf(verify, "an_session");
  if (!session) throw new Error(`staff sign-in: the code was not accepted (HTTP ${verify.status})`);
  const panel = await fetch(`${origin}/gestion`, { headers: { cookie: session }, redirect: "manual" });
  if (panel.status !== 200) throw new Error(`staff sign-in: /gestion answered ${panel.status}`);
  return session;
}
