/**
 * One-time activation links for new staff (and the first owner, from the command
 * line): only the token's hash is stored, a link lasts 24 hours and is spent by a
 * conditional UPDATE. The home of staff_invitations queries.
 *
 * A link belongs to the first browser that opens it (its "Continuar" button, a
 * POST, so a mail scanner that fetches the link binds nothing): that browser
 * gets a random secret in an HttpOnly cookie scoped to /gestion/activar, the
 * row keeps the secret's SHA-256, and from then on the link lasts 30 minutes
 * at most and serves only that browser. Someone who reads the link elsewhere
 * (a log, a screen, a history) once it was opened can do nothing with it.
 *
 * The email: like the other links the site mails, its token is made when the
 * message is rendered, so no usable secret sits in the jobs table. It is a
 * sibling row of the invitation (same address, role, inviter and expiry); the
 * first link used spends them all, and revoking voids them all.
 */
import type { Db } from "~/db/db.server.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { readCookie, serializeCookie } from "~/auth/session.server.ts";
import type { Config } from "~/config.server.ts";
import { ROLE_LABELS, type Role } from "~/domain/roles.ts";
import { isTokenShaped, newToken, nowIso, sha256 } from "~/lib/ids.server.ts";
import { enqueueEmail, type EmailTemplate } from "~/mail/email-jobs.server.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";

const INVITATION_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a link lasts once opened (never past its 24 hours). */
export const OPENED_TTL_MS = 30 * 60 * 1000;
const ACTIVATION_PATH = "/gestion/activar";
const BROWSER_COOKIE = "an_staff_activation";
export const STAFF_INVITATION = "staff-invitation";

export type StaffRole = Extract<Role, "staff" | "owner">;

export function asStaffRole(value: unknown): StaffRole | null {
  return value === "staff" || value === "owner" ? value : null;
}

export const activationPath = (token: string): string => `${ACTIVATION_PATH}/${encodeURIComponent(token)}`;

export const activationLink = (publicUrl: string, token: string): string => `${publicUrl}${activationPath(token)}`;

/** The browser's activation secret, when its cookie holds a well-formed one. */
export function readBrowserSecret(request: Request): string | null {
  const value = readCookie(request.headers.get("cookie"), BROWSER_COOKIE);
  return isTokenShaped(value) ? value : null;
}

/**
 * The browser's secret (kept when it already has one, so two links opened in
 * one browser both stay usable there) and its Set-Cookie: HttpOnly, Lax (the
 * link is opened again from the mail client, a navigation from another site),
 * Path=/gestion/activar (the page and its .data requests), for 30 minutes.
 */
export function browserSecretCookie(
  config: Pick<Config, "isLocalOrigin">,
  request: Request,
): { secret: string; cookie: string } {
  const secret = readBrowserSecret(request) ?? newToken();
  return {
    secret,
    cookie: serializeCookie(config, BROWSER_COOKIE, secret, {
      maxAgeSeconds: OPENED_TTL_MS / 1000,
      path: ACTIVATION_PATH,
    }),
  };
}

async function insertInvitation(
  db: Db,
  row: { email: string; role: string; invitedBy: string | null; expiresAt: string },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto("staff_invitations")
    .values({
      token_hash: sha256(token),
      email: row.email,
      role: row.role,
      invited_by: row.invitedBy,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: nowIso(),
    })
    .execute();
  return token;
}

/** Voids every unused link for the address; returns how many there were. */
async function voidInvitations(db: Db, email: string): Promise<number> {
  const r = await db
    .updateTable("staff_invitations")
    .set({ used_at: nowIso() })
    .where("email", "=", email)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

interface InvitationInput {
  /** Already normalized (lower case, trimmed). */
  email: string;
  role: StaffRole;
}

/**
 * Creates the invitation (replacing any pending one for the address) and its
 * audit entry, in the caller's transaction; `email: true` also queues the
 * email. Returns the raw token: shown once, never stored.
 */
export async function createInvitation(
  trx: Db,
  actor: AuditActor,
  input: InvitationInput,
  { email = false, now = new Date() }: { email?: boolean; now?: Date } = {},
): Promise<{ token: string; expiresAt: string }> {
  await voidInvitations(trx, input.email);
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  const token = await insertInvitation(trx, { email: input.email, role: input.role, invitedBy: actor.id, expiresAt });
  await recordAudit(trx, actor, {
    action: "staff.invite",
    entityType: "staff_invitation",
    entityId: input.email,
    after: { email: input.email, role: input.role, expiresAt, emailed: email },
  });
  if (email) await enqueueEmail(trx, STAFF_INVITATION, { email: input.email });
  return { token, expiresAt };
}

export interface Invitation {
  tokenHash: string;
  email: string;
  role: StaffRole;
  expiresAt: string;
  /** SHA-256 of the secret of the browser that opened the link; null while nobody has. */
  browserHash: string | null;
}

type InvitationState = { state: "valid"; invitation: Invitation } | { state: "used" | "expired" | "unknown" };

export async function checkInvitation(db: Db, token: string, now = new Date()): Promise<InvitationState> {
  if (!token || token.length > 200) return { state: "unknown" };
  const row = await db
    .selectFrom("staff_invitations")
    .selectAll()
    .where("token_hash", "=", sha256(token))
    .executeTakeFirst();
  const role = asStaffRole(row?.role);
  if (!row || !role) return { state: "unknown" };
  if (row.used_at) return { state: "used" };
  if (row.expires_at <= now.toISOString()) return { state: "expired" };
  return {
    state: "valid",
    invitation: {
      tokenHash: row.token_hash,
      email: row.email,
      role,
      expiresAt: row.expires_at,
      browserHash: row.browser_hash,
    },
  };
}

/**
 * Gives a live link that nobody opened yet to this browser (conditional UPDATE:
 * of two browsers at the same moment, one wins) and shortens its life to 30
 * minutes. False when another browser had it first, or it was used, revoked or
 * expired meanwhile.
 */
export async function bindInvitation(
  db: Db,
  tokenHash: string,
  browserSecret: string,
  now = new Date(),
): Promise<boolean> {
  const openedUntil = new Date(now.getTime() + OPENED_TTL_MS).toISOString();
  const r = await db
    .updateTable("staff_invitations")
    .set((eb) => ({
      opened_at: now.toISOString(),
      browser_hash: sha256(browserSecret),
      expires_at: eb.case().when("expires_at", "<", openedUntil).then(eb.ref("expires_at")).else(openedUntil).end(),
    }))
    .where("token_hash", "=", tokenHash)
    .where("browser_hash", "is", null)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Whether this browser is the one the link was opened in. */
export function openedHere(invitation: Invitation, browserSecret: string | null): boolean {
  return invitation.browserHash !== null && browserSecret !== null && sha256(browserSecret) === invitation.browserHash;
}

/**
 * Spends the link (conditional UPDATE: one request wins, even at the same moment)
 * and voids its siblings. False when it was already used, revoked or expired, or
 * is not (or no longer) bound to the browser the caller checked.
 */
export async function spendInvitation(trx: Db, invitation: Invitation, now = new Date()): Promise<boolean> {
  if (!invitation.browserHash) return false;
  const r = await trx
    .updateTable("staff_invitations")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", invitation.tokenHash)
    .where("browser_hash", "=", invitation.browserHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await voidInvitations(trx, invitation.email);
  return true;
}

interface PendingInvitation {
  email: string;
  role: string;
  expiresAt: string;
  invitedBy: string | null;
}

/** One line per address with a live link (the newest), soonest to expire first. */
export async function listPendingInvitations(db: Db): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom("staff_invitations")
    .leftJoin("users", "users.id", "staff_invitations.invited_by")
    .select([
      "staff_invitations.email",
      "staff_invitations.role",
      "staff_invitations.expires_at",
      "staff_invitations.created_at",
      "users.email as inviter",
    ])
    .where("staff_invitations.used_at", "is", null)
    .where("staff_invitations.expires_at", ">", nowIso())
    .orderBy("staff_invitations.created_at", "desc")
    .execute();
  const byEmail = new Map<string, PendingInvitation>();
  for (const r of rows) {
    if (!byEmail.has(r.email))
      byEmail.set(r.email, { email: r.email, role: r.role, expiresAt: r.expires_at, invitedBy: r.inviter });
  }
  return [...byEmail.values()].sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
}

/** Revokes every live link for the address, with its audit entry; false when there was none. */
export async function revokeInvitations(trx: Db, actor: AuditActor, email: string): Promise<boolean> {
  const pending = await trx
    .selectFrom("staff_invitations")
    .select(["role", "expires_at"])
    .where("email", "=", email)
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!pending) return false;
  await voidInvitations(trx, email);
  await recordAudit(trx, actor, {
    action: "staff.invite-revoke",
    entityType: "staff_invitation",
    entityId: email,
    before: { email, role: pending.role, expiresAt: pending.expires_at },
  });
  return true;
}

function invitationEmail(to: string, role: string, link: string, expiresAt: string): MailMessage {
  const roleName = role === "owner" ? ROLE_LABELS.owner.toLowerCase() : "miembro del equipo";
  const until = madridDateTimeText(new Date(expiresAt));
  const { html, text } = renderEmail({
    title: "Tu acceso al área de gestión",
    preheader: "Activa tu acceso al área de gestión de Alejandra Nails en las próximas 24 horas.",
    bodyHtml: `<p style="margin:0 0 12px">Hola:</p>
<p style="margin:0 0 12px">Te han dado acceso al área de gestión de Alejandra Nails como <strong>${escapeHtml(roleName)}</strong>. Para activarlo, elige tu contraseña y configura la verificación en dos pasos con una aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…):</p>
${emailButton(link, "Activar mi acceso")}
<p style="margin:0 0 12px;font-size:14px;color:#6B5A62">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escapeHtml(link)}" style="color:#5B1F3E;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="margin:0 0 12px">El enlace caduca el <strong>${escapeHtml(until)}</strong> y solo sirve una vez.</p>
<p style="margin:0">Si no esperabas este correo, ignóralo: sin activar el enlace no se crea ningún acceso.</p>`,
    bodyText: `Hola:

Te han dado acceso al área de gestión de Alejandra Nails como ${roleName}. Para activarlo, abre este enlace, elige tu contraseña y configura la verificación en dos pasos con una aplicación de autenticación:

${link}

El enlace caduca el ${until} y solo sirve una vez.

Si no esperabas este correo, ignóralo: sin activar el enlace no se crea ningún acceso.`,
  });
  return { to, subject: "Activa tu acceso al área de gestión · Alejandra Nails", html, text };
}

/** The invitation email: a fresh sibling link of the address's live invitation, or nothing if there is none. */
export const staffInvitationTemplate: EmailTemplate = {
  async render(ctx, payload) {
    if (typeof payload.email !== "string") return null;
    const live = await ctx.db
      .selectFrom("staff_invitations")
      .select(["email", "role", "invited_by", "expires_at"])
      .where("email", "=", payload.email)
      .where("used_at", "is", null)
      .where("expires_at", ">", ctx.now.toISOString())
      // The longest-lived: a link opened meanwhile has only its last 30 minutes.
      .orderBy("expires_at", "desc")
      .executeTakeFirst();
    if (!live) return null;
    const token = await insertInvitation(ctx.db, {
      email: live.email,
      role: live.role,
      invitedBy: live.invited_by,
      expiresAt: live.expires_at,
    });
    return invitationEmail(live.email, live.role, activationLink(ctx.publicUrl, token), live.expires_at);
  },
};
