import { data, type RouterContextProvider } from "react-router";
import { formValues, messages } from "~/auth/schemas.ts";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import { recordAudit } from "~/audit/audit.server.ts";
import { clearStaffLimit, hitStaffLimit } from "~/staff/auth/limits.server.ts";
import { countRecoveryCodes, replaceRecoveryCodes, verifyStaffTotp } from "~/staff/auth/second-factor.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export const securityMessages = {
  codeRequired: "Introduce el código de 6 cifras de tu aplicación",
  codeWrong: "El código no es correcto o ya se ha usado. Escribe el código que muestra ahora tu aplicación.",
  failed: "No se han podido generar los códigos. Inténtalo de nuevo.",
} as const;

type SecurityActionData = { status: "done"; recoveryCodes: string[] } | { status: "error"; error: string };

/** Any staff member: how many recovery codes are left. */
export async function loadSecurity(context: Ctx) {
  const user = getUser(context);
  return { recoveryCodesLeft: await countRecoveryCodes(getServices(context).db, user.id) };
}

/** New recovery codes, after a fresh code from the app (a stolen open session alone cannot make them). */
export async function securityAction(request: Request, context: Ctx) {
  const user = getUser(context);
  const { db, logger } = getServices(context);
  const code = (formValues(await request.formData()).code ?? "").slice(0, 40).replace(/\s/g, "");
  const fail = (error: string, status = 400) => data<SecurityActionData>({ status: "error", error }, status);
  if (!code) return fail(securityMessages.codeRequired);
  if (!(await hitStaffLimit(db, "staffCodeAccount", user.id)).allowed) return fail(messages.tooManyAttempts, 429);
  try {
    if (!/^\d{6}$/.test(code) || !(await verifyStaffTotp(db, user.id, code))) return fail(securityMessages.codeWrong);
    await clearStaffLimit(db, "staffCodeAccount", user.id);
    const recoveryCodes = await inTransaction(db, async (trx) => {
      const before = await countRecoveryCodes(trx, user.id);
      const codes = await replaceRecoveryCodes(trx, user.id);
      await recordAudit(
        trx,
        { id: user.id, email: user.email },
        {
          action: "staff.recovery-codes",
          entityType: "user",
          entityId: user.id,
          before: { recoveryCodesLeft: before },
          after: { recoveryCodesLeft: codes.length },
        },
      );
      return codes;
    });
    logger.info({ userId: user.id }, "códigos de recuperación regenerados");
    return data<SecurityActionData>({ status: "done", recoveryCodes }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    logger.error({ err }, "recovery code regeneration failed");
    return fail(securityMessages.failed, 500);
  }
}
