// Staff accounts for the integration tests: invitations, an enrolled staff
// member (TOTP secret known to the test, recovery codes), and the codes an
// authenticator app would show.
import { expect } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { provideStaff } from "~/auth/user-context.server.ts";
import type { Config } from "~/config.server.ts";
import { inTransaction, type Db, type DbKind } from "~/db/db.server.ts";
import type { Role } from "~/domain/roles.ts";
import { base32Decode, base32Encode, hotp, timeStep } from "~/domain/totp.ts";
import { createInvitation, type StaffRole } from "~/staff/auth/invitations.server.ts";
import { replaceRecoveryCodes, saveConfirmedTotp } from "~/staff/auth/second-factor.server.ts";
import { makeContext, makeUser } from "./accounts.ts";

/** What an app holding this (grouped) base32 secret shows `offset` steps from now. */
export function appCode(secret: string, offset = 0, now = Date.now()): string {
  const key = base32Decode(secret);
  if (!key) throw new Error("bad secret");
  return hotp(key, timeStep(now) + offset);
}

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read many shapes

/** A loader/action result, `data()` wrapper or plain object: its body and status. */
function unwrap(result: unknown): { body: Loose; status: number } {
  const r = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (r && typeof r === "object" && r.type === "DataWithResponseInit")
    return { body: r.data as Loose, status: r.init?.status ?? 200 };
  return { body: result as Loose, status: 200 };
}

export const bodyOf = (result: unknown): Loose => unwrap(result).body;
export const statusOf = (result: unknown): number => unwrap(result).status;

export function inviteFromCli(db: Db, email: string, role: StaffRole): Promise<{ token: string; expiresAt: string }> {
  return inTransaction(db, (trx) => createInvitation(trx, { id: null, email: "cli" }, { email, role }));
}

export interface StaffMemberFixture {
  id: string;
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
}

/** An account with a staff role, a confirmed TOTP secret and ten recovery codes (as after activation). */
export async function makeStaff(db: Db, email: string, role: Role = "staff"): Promise<StaffMemberFixture> {
  const user = await makeUser(db, email);
  await db.updateTable("users").set({ role }).where("id", "=", user.id).execute();
  const secret = base32Encode(crypto.getRandomValues(new Uint8Array(20)));
  const recoveryCodes = await inTransaction(db, async (trx) => {
    await saveConfirmedTotp(trx, user.id, secret, 0);
    return replaceRecoveryCodes(trx, user.id);
  });
  return { ...user, secret, recoveryCodes };
}

/** A context as the staff layout's middleware leaves it, for a session opened with the second factor. */
export async function staffContext(db: Db, kind: DbKind, userId: string, config?: Config) {
  const token = await insertSession(db, userId, new Date(), { secondFactor: true });
  const cookie = `an_session=${token}`;
  const { context } = makeContext(db, kind, { config });
  await provideStaff(new Request("http://localhost/gestion", { headers: { cookie } }), context);
  return { context, cookie, token };
}

/** "a=1; Path=/…" headers of a response, by cookie name. */
export function setCookies(response: Response | Headers): Map<string, string> {
  const headers = response instanceof Response ? response.headers : response;
  const out = new Map<string, string>();
  for (const line of headers.getSetCookie()) out.set(line.slice(0, line.indexOf("=")), line);
  return out;
}

export async function thrown(promise: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (e) {
    return e;
  }
  expect.unreachable("expected a throw");
}
