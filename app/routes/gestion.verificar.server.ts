import { data, redirect, type RouterContextProvider } from "react-router";
import { formValues, messages } from "~/auth/schemas.ts";
import { createStaffSession } from "~/auth/session.server.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import { recordAudit } from "~/audit/audit.server.ts";
import {
  clearChallengeCookie,
  dropChallenges,
  findChallenge,
  readChallengeToken,
  spendChallenge,
} from "~/staff/auth/challenges.server.ts";
import { clearStaffLimit, hitStaffLimit } from "~/staff/auth/limits.server.ts";
import { verifyMessages } from "~/staff/auth/messages.ts";
import { checkStaffCode } from "~/staff/auth/second-factor.server.ts";

type Ctx = Readonly<RouterContextProvider>;

type VerifyData = { status: "expired" } | { status: "form"; email: string };
type VerifyActionData = { status: "expired" | "locked"; message: string } | { status: "error"; error: string };

/** Hides most of the address: the page only reminds the person which account is signing in. */
function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}${"•".repeat(Math.max(1, Math.min(6, local.length - 2)))}@${domain}`;
}

export async function loadVerify(request: Request, context: Ctx) {
  const { db } = getServices(context);
  const challenge = await findChallenge(db, readChallengeToken(request));
  if (!challenge) return data<VerifyData>({ status: "expired" });
  return data<VerifyData>({ status: "form", email: maskEmail(challenge.email) });
}

export async function verifyAction(request: Request, context: Ctx) {
  const { db, config, logger } = getServices(context);
  const values = formValues(await request.formData());
  const clearCookie = { "Set-Cookie": clearChallengeCookie(config) };
  const ended = (status: "expired" | "locked", message: string, code: number) =>
    data<VerifyActionData>({ status, message }, { status: code, headers: clearCookie });

  if (!(await hitStaffLimit(db, "staffCodeIp", clientNetwork(context))).allowed) {
    return data<VerifyActionData>({ status: "error", error: messages.tooManyAttempts }, 429);
  }
  const challenge = await findChallenge(db, readChallengeToken(request));
  if (!challenge) return ended("expired", verifyMessages.expired, 410);

  const code = (values.code ?? "").slice(0, 64).trim();
  if (!code) return data<VerifyActionData>({ status: "error", error: verifyMessages.codeRequired }, 400);

  // Counted before checking; the fifth wrong code ends this sign-in and locks the account's codes.
  const limit = await hitStaffLimit(db, "staffCodeAccount", challenge.userId);
  if (!limit.allowed) {
    await dropChallenges(db, challenge.userId);
    return ended("locked", verifyMessages.lockedOut, 429);
  }
  try {
    const result = await checkStaffCode(db, challenge.userId, code);
    if (result === "wrong") {
      logger.warn({ userId: challenge.userId }, "segundo factor incorrecto");
      if (limit.remaining === 0) {
        await dropChallenges(db, challenge.userId);
        return ended("locked", verifyMessages.lockedOut, 429);
      }
      return data<VerifyActionData>({ status: "error", error: verifyMessages.codeWrong }, 400);
    }
    const cookie = await inTransaction(db, async (trx) => {
      if (!(await spendChallenge(trx, challenge.tokenHash))) return null;
      if (result === "recovery") {
        await recordAudit(
          trx,
          { id: challenge.userId, email: challenge.email },
          {
            action: "staff.recovery-code-use",
            entityType: "user",
            entityId: challenge.userId,
          },
        );
      }
      return createStaffSession(trx, config, challenge.userId);
    });
    if (!cookie) return ended("expired", verifyMessages.expired, 410);
    await clearStaffLimit(db, "staffCodeAccount", challenge.userId);
    logger.info({ userId: challenge.userId, factor: result }, "inicio de sesión del equipo con segundo factor");
    const headers = new Headers(clearCookie);
    headers.append("Set-Cookie", cookie);
    return redirect(challenge.redirectTo, { headers });
  } catch (err) {
    logger.error({ err }, "staff second factor failed");
    return data<VerifyActionData>({ status: "error", error: verifyMessages.failed }, 500);
  }
}
