// Waiting-list fixtures: confirm a pending entry the way its owner does, from
// the link of the confirmation email (rendered by the real template).
import { expect } from "vitest";
import type { Db } from "~/db/db.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { confirmByToken, waitlistConfirmTemplate } from "~/waitlist/confirmation.server.ts";

// The Spanish address, or the Catalan one of an entry made in Catalan.
const LINK = /\/(?:lista-espera|ca\/llista-espera)\/confirmar\/([A-Za-z0-9_-]{43})/;

/** Confirms every pending entry of this address through its emailed link. */
export async function confirmEntriesOf(db: Db, email: string): Promise<void> {
  const pending = await db
    .selectFrom("waitlist_entries")
    .select("id")
    .where("email", "=", email.trim().toLowerCase())
    .where("status", "=", "pending")
    .execute();
  for (const entry of pending) {
    const ctx = { db, publicUrl: "http://localhost:3000", logger: createLogger("silent"), now: new Date() };
    const mail = await waitlistConfirmTemplate.render(ctx, { entryId: entry.id });
    const token = LINK.exec(mail?.text ?? "")?.[1];
    expect(token, `confirmation link for ${email}`).toBeDefined();
    expect(await confirmByToken(db, token!)).toMatchObject({ state: "confirmed" });
  }
}
