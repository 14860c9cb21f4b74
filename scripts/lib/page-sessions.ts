// Sessions for the checks that visit every page (the HTML checker, the layout
// harness): a customer made through the real registration form, and an owner
// with a second-factor session, as after activation — a registered account
// promoted in the server's own database (the staff sign-in itself is walked in
// tests/e2e/staff.spec.ts). Imports "~/…": plain Node scripts call
// registerAppAlias before importing this module (Playwright maps it from tsconfig).
import path from "node:path";
import { insertSession } from "~/auth/session.server.ts";
import { createDb } from "~/db/db.server.ts";

const PASSWORD = "una-clave-larga-1";

/** Registers a customer through POST /registro; the value of her `an_session` cookie. */
export async function registerCustomer(
  origin: string,
  email: string,
  name: { first: string; last: string } = { first: "Lucía", last: "Comprobación" },
): Promise<string> {
  const res = await fetch(`${origin}/registro`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      firstName: name.first,
      lastName: name.last,
      email,
      phone: "600 000 000",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: "on",
    }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("an_session="));
  if (res.status !== 302 || !session) throw new Error(`no se pudo registrar la cuenta de prueba (HTTP ${res.status})`);
  return session.split(";")[0].slice("an_session=".length);
}

/**
 * An owner's second-factor session on the server whose SQLite database is in
 * `dataDir`: its cookie value, and "<courseId>|<editionId>" of the earliest
 * seeded edition (for the staff pages that show one).
 */
export async function ownerSession(
  origin: string,
  dataDir: string,
  email: string,
): Promise<{ token: string; edition: string }> {
  await registerCustomer(origin, email);
  const db = createDb(`file:${path.join(dataDir, "salon.db")}`);
  try {
    const user = await db
      .updateTable("users")
      .set({ role: "owner" })
      .where("email", "=", email)
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = await insertSession(db, user.id, new Date(), { secondFactor: true });
    const edition = await db
      .selectFrom("course_editions")
      .select(["id", "course_id"])
      .orderBy("starts_on")
      .executeTakeFirstOrThrow();
    return { token, edition: `${edition.course_id}|${edition.id}` };
  } finally {
    await db.destroy();
  }
}
