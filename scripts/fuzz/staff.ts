// The staff side of the fuzz context (/gestion): an owner whose session passed
// the second factor, throwaway team members for the role/remove actions,
// pending invitations (activation links, revocable emails), sign-in challenges
// for /gestion/verificar, a course of the fuzz's own with editions, and the
// images the upload families send. Written through the app's own modules on the
// run's database (as the integration tests' makeStaff/staffContext do), the
// course and editions through the back office's forms, and the counter's
// records through its own forms (counter.ts).
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { postHeaders, registerAccount, type Account } from "../lib/accounts.ts";
import { registerAppAlias } from "../lib/app-alias.ts";
import { formBody, sessionCookie, type HttpClient } from "../lib/http.ts";
import type { DbKind } from "../lib/server.ts";
import type * as SessionModule from "../../app/auth/session.server.ts";
import type * as DbModule from "../../app/db/db.server.ts";
import type * as TotpModule from "../../app/domain/totp.ts";
import type * as InvitationsModule from "../../app/staff/auth/invitations.server.ts";
import type * as SecondFactorModule from "../../app/staff/auth/second-factor.server.ts";
import { setupCounter, type CounterCtx } from "./counter.ts";

export interface StaffCtx {
  /** The owner: `cookie` is a session opened with the second factor. */
  owner: Account;
  ownerId: string;
  /** Staff members the fuzz may demote, promote or remove (never the owner above). */
  memberIds: string[];
  /** Emails with a pending invitation that POST /gestion/equipo intent=revoke may void. */
  revokeEmails: string[];
  /** Activation tokens of pending invitations: a new account, and an existing one with a password. */
  activationTokens: string[];
  /** "an_staff_challenge=…" cookies of a staff member who signed in with a password. */
  challengeCookies: string[];
  /** That member's recovery codes (single use: a few verifications succeed). */
  recoveryCodes: string[];
  /** The fuzz's own course (its slug), safe to edit, publish and unpublish. */
  courseId: string;
  /** Editions of that course to edit, close and reopen; others only to cancel. */
  editionIds: string[];
  cancelEditionIds: string[];
  /** Every edition in the database (the attendee lists). */
  allEditionIds: string[];
  /** A JPEG large enough for a course picture, and one too small. */
  image: Buffer;
  smallImage: Buffer;
  /** The counter's records: products, appointments, drafts in pools, charged sales, days (counter.ts). */
  counter: CounterCtx;
}

// Types only: the modules themselves are loaded from --app-dir's checkout at run time.
interface AppModules {
  db: typeof DbModule;
  session: typeof SessionModule;
  secondFactor: typeof SecondFactorModule;
  invitations: typeof InvitationsModule;
  totp: typeof TotpModule;
}

async function loadApp(appDir: string): Promise<AppModules> {
  registerAppAlias(appDir);
  const load = <T>(file: string) => import(pathToFileURL(path.join(appDir, "app", file)).href) as Promise<T>;
  return {
    db: await load("db/db.server.ts"),
    session: await load("auth/session.server.ts"),
    secondFactor: await load("staff/auth/second-factor.server.ts"),
    invitations: await load("staff/auth/invitations.server.ts"),
    totp: await load("domain/totp.ts"),
  };
}

export async function setupStaff(opts: {
  client: HttpClient;
  origin: string;
  appDir: string;
  databaseUrl: string;
  db: DbKind;
  seed: number;
  /** A customer account with a password (an invitation for an existing account). */
  customer: Account;
}): Promise<StaffCtx> {
  const { client, origin, seed, db: kind } = opts;
  const app = await loadApp(opts.appDir);
  const register = (name: string, n: number) =>
    registerAccount(client, origin, `fuzz-${name}-${seed}-${kind}@example.com`, `10.202.0.${n}`);
  const owner = await register("propietaria", 1);
  const verifier = await register("verifica", 2);
  const members = [await register("equipo-a", 3), await register("equipo-b", 4)];

  const db = app.db.createDb(opts.databaseUrl);
  try {
    const idOf = async (email: string) =>
      (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    const ownerId = await idOf(owner.email);
    const verifierId = await idOf(verifier.email);
    const memberIds = await Promise.all(members.map((m) => idOf(m.email)));
    // Staff as after an activation: a role, a confirmed authenticator and recovery codes.
    const enrol = async (userId: string, role: "staff" | "owner") => {
      await db.updateTable("users").set({ role }).where("id", "=", userId).execute();
      const secret = app.totp.base32Encode(crypto.getRandomValues(new Uint8Array(20)));
      return app.db.inTransaction(db, async (trx) => {
        await app.secondFactor.saveConfirmedTotp(trx, userId, secret, 0);
        return app.secondFactor.replaceRecoveryCodes(trx, userId);
      });
    };
    await enrol(ownerId, "owner");
    const recoveryCodes = await enrol(verifierId, "staff");
    for (const id of memberIds) await enrol(id, "staff");
    const token = await app.session.insertSession(db, ownerId, new Date(), { secondFactor: true });
    const staffOwner: Account = { ...owner, cookie: `${app.session.SESSION_COOKIE}=${token}` };

    const actor = { id: ownerId, email: owner.email };
    const invite = (email: string, role: "staff" | "owner") =>
      app.db.inTransaction(db, (trx) => app.invitations.createInvitation(trx, actor, { email, role }));
    const activationTokens = [
      (await invite(`fuzz-invitada-${seed}-${kind}@example.com`, "staff")).token,
      (await invite(opts.customer.email, "staff")).token,
    ];
    const revokeEmails: string[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `fuzz-anular-${i}-${seed}-${kind}@example.com`;
      await invite(email, "staff");
      revokeEmails.push(email);
    }

    // Password sign-ins of a staff member: each one opens a challenge (5 minutes).
    const challengeCookies: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await client.request({
        method: "POST",
        path: "/login",
        headers: postHeaders(origin, `10.203.0.${i + 1}`),
        body: formBody({ email: verifier.email, password: verifier.password }),
      });
      const cookie = res.status === 302 ? sessionCookie(res, "an_staff_challenge") : null;
      if (cookie) challengeCookies.push(cookie);
    }
    if (!challengeCookies.length) throw new Error("setup: a staff sign-in opened no second-factor challenge");

    // The fuzz's own course and editions, made through the back office's forms.
    const courseId = `fuzz-curso-${seed}-${kind}`;
    const post = async (to: string, fields: Record<string, string>) => {
      const res = await client.request({
        method: "POST",
        path: to,
        headers: postHeaders(origin, "10.204.0.1", staffOwner.cookie),
        body: formBody(fields),
      });
      if (res.status !== 302) throw new Error(`setup POST ${to}: ${res.status} ${res.body.toString().slice(0, 300)}`);
    };
    await post("/gestion/cursos/nuevo", courseFields(courseId));
    for (let i = 0; i < 6; i++) {
      await post(`/gestion/cursos/${courseId}/convocatorias/nueva`, editionFields(i));
    }
    const editions = await db
      .selectFrom("course_editions")
      .select(["id", "course_id"])
      .orderBy("starts_on")
      .orderBy("id")
      .execute();
    const own = editions.filter((e) => e.course_id === courseId).map((e) => e.id);
    if (own.length < 6) throw new Error(`setup: the fuzz course has ${own.length} editions`);

    const image = await sharp({
      create: { width: 720, height: 480, channels: 3, background: { r: 214, g: 120, b: 160 } },
    })
      .jpeg({ quality: 70 })
      .toBuffer();
    const smallImage = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 20, b: 20 } },
    })
      .png()
      .toBuffer();
    const counter = await setupCounter({ origin, cookie: staffOwner.cookie }, db);
    return {
      owner: staffOwner,
      ownerId,
      memberIds,
      revokeEmails,
      activationTokens,
      challengeCookies,
      recoveryCodes,
      courseId,
      editionIds: own.slice(0, 4),
      cancelEditionIds: own.slice(4),
      allEditionIds: editions.map((e) => e.id),
      image,
      smallImage,
      counter,
    };
  } finally {
    await db.destroy();
  }
}

/** A well-formed course form (POST /gestion/cursos/nuevo and intent=save). */
export function courseFields(id: string): Record<string, string> {
  return {
    id,
    title: "Curso de prueba del fuzz",
    category: "profesional",
    level: "Intermedio",
    description: "Un curso que solo existe durante la prueba.",
    features: "Preparación de la uña\nEsmaltado semipermanente\nDecoración básica",
    price: "149,00",
    originalPrice: "199,00",
    duration: "12 horas",
    classSize: "8",
    highlighted: "on",
  };
}

/** A well-formed edition form, `n` weeks from a fixed future date. */
export function editionFields(n: number): Record<string, string> {
  const start = new Date(Date.UTC(2030, 2, 4 + 7 * n));
  const end = new Date(start.getTime() + 2 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { startsOn: day(start), endsOn: day(end), schedule: "Lunes a miércoles, 10:00–14:00", seats: "8" };
}
