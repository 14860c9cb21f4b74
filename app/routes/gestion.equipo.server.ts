import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { fieldErrorsOf, forgotSchema, formValues, type FieldErrors } from "~/auth/schemas.ts";
import { clearSessionCookie } from "~/auth/session.server.ts";
import { requireOwner } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import {
  activationLink,
  createInvitation,
  listPendingInvitations,
  revokeInvitations,
} from "~/staff/auth/invitations.server.ts";
import { listStaff, setStaffRole, type RoleChangeResult } from "~/staff/auth/members.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export const teamMessages = {
  roleRequired: "Elige el rol: equipo o propietaria",
  unknownAction: "Acción no reconocida. Recarga la página y vuelve a intentarlo.",
  noInvitation: "Esa invitación ya no está pendiente.",
  notFound: "Esa persona ya no forma parte del equipo.",
  unchanged: "Esa persona ya tiene ese rol.",
  lastOwner: "No se puede: es la única propietaria. Nombra antes a otra propietaria.",
  failed: "No se ha podido guardar el cambio. Inténtalo de nuevo.",
} as const;

const roleField = z.enum(["staff", "owner"], { message: teamMessages.roleRequired });
const idField = z.string().max(100).min(1);

const teamSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("invite"), email: forgotSchema.shape.email, role: roleField }),
    z.object({ intent: z.literal("revoke"), email: z.string().max(320).min(1) }),
    z.object({ intent: z.literal("role"), userId: idField, role: roleField }),
    z.object({ intent: z.literal("remove"), userId: idField }),
  ],
  { message: teamMessages.unknownAction },
);

type TeamActionData =
  | { status: "invited"; email: string; link: string; expiresAt: string }
  | { status: "done"; notice: string }
  | { status: "error"; intent: string; target?: string; errors: FieldErrors; values?: Record<string, string> };

export async function loadTeam(context: Ctx) {
  const me = requireOwner(context);
  const { db } = getServices(context);
  const [members, invitations] = await Promise.all([listStaff(db), listPendingInvitations(db)]);
  return { members, invitations, meId: me.id };
}

const roleOutcome: Record<Exclude<RoleChangeResult, "ok">, string> = {
  "not-found": teamMessages.notFound,
  unchanged: teamMessages.unchanged,
  "last-owner": teamMessages.lastOwner,
};

export async function teamAction(request: Request, context: Ctx) {
  const me = requireOwner(context);
  const services = getServices(context);
  const { db, logger } = services;
  const values = formValues(await request.formData());
  const parsed = teamSchema.safeParse(values);
  const fail = (errors: FieldErrors, status = 400, target?: string) =>
    data<TeamActionData>(
      {
        status: "error",
        intent: String(values.intent ?? "").slice(0, 20),
        target,
        errors,
        values: { email: (values.email ?? "").slice(0, 320) },
      },
      status,
    );
  if (!parsed.success) {
    const { intent, ...errors } = fieldErrorsOf(parsed.error);
    // An unknown or missing intent is a form that does not belong to this page.
    return fail(
      intent ? { form: teamMessages.unknownAction } : errors,
      400,
      intent ? undefined : values.userId?.slice(0, 100),
    );
  }
  const input = parsed.data;
  const actor = { id: me.id, email: me.email };
  try {
    switch (input.intent) {
      case "invite": {
        const { token, expiresAt } = await inTransaction(db, (trx) =>
          createInvitation(trx, actor, { email: input.email, role: input.role }, { email: true }),
        );
        services.jobs?.kick();
        logger.info({ role: input.role }, "invitación al equipo creada");
        // Shown once, on this answer only: the link is not stored anywhere.
        return data<TeamActionData>(
          { status: "invited", email: input.email, link: activationLink(services.config.publicUrl, token), expiresAt },
          { headers: { "Cache-Control": "no-store" } },
        );
      }
      case "revoke": {
        const revoked = await inTransaction(db, (trx) => revokeInvitations(trx, actor, input.email.toLowerCase()));
        if (!revoked) return fail({ form: teamMessages.noInvitation }, 409);
        return data<TeamActionData>({ status: "done", notice: `Invitación para ${input.email} anulada.` });
      }
      case "role":
      case "remove": {
        const role = input.intent === "remove" ? "customer" : input.role;
        const result = await setStaffRole(db, actor, input.userId, role);
        if (result !== "ok") return fail({ form: roleOutcome[result] }, 409, input.userId);
        logger.info({ userId: input.userId, role }, "rol del equipo cambiado");
        // Their own change ended the owner's sessions too: back to sign-in.
        if (input.userId === me.id)
          return redirect("/login", { headers: { "Set-Cookie": clearSessionCookie(services.config) } });
        return data<TeamActionData>({
          status: "done",
          notice:
            input.intent === "remove"
              ? "Persona quitada del equipo. Ya no puede entrar en gestión."
              : "Rol cambiado. Esa persona tendrá que volver a iniciar sesión.",
        });
      }
    }
  } catch (err) {
    logger.error({ err }, "team action failed");
    return fail({ form: teamMessages.failed }, 500);
  }
}
