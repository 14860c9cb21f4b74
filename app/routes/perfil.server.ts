// Shared by the actions of /perfil/datos and /perfil/ajustes.
import { data, type RouterContextProvider } from "react-router";
import { findUserById } from "~/auth/accounts.server.ts";
import { verifyPassword } from "~/auth/password.server.ts";
import { allowAttempt, clearLimit } from "~/auth/rate-limits.server.ts";
import type { FieldErrors } from "~/auth/schemas.ts";
import type { AuthUser } from "~/auth/session.server.ts";
import { getServices } from "~/context.server.ts";
import type { MessageKey } from "~/i18n/messages.ts";

export type Ctx = Readonly<RouterContextProvider>;

export type ProfileIntent = "profile" | "settings" | "password" | "delete";
interface ProfileActionData {
  intent: ProfileIntent;
  errors: FieldErrors;
  values?: Record<string, string>;
  saved?: string;
}

export const fail = (intent: ProfileIntent, errors: FieldErrors, status = 400, values?: Record<string, string>) =>
  data<ProfileActionData>({ intent, errors, values }, status);

/** The actions' own refusals (the schemas answer with keys too, worded in the request's language by fieldErrorsOf). */
export const SAVE_FAILED: MessageKey = "account.error.saveFailed";
export const UNKNOWN_ACTION: MessageKey = "account.error.unknownAction";

/** Checks the password of a sensitive change, with a per-account limit against guessing. */
export async function checkPassword(
  context: Ctx,
  user: AuthUser,
  password: string,
): Promise<"ok" | "wrong" | "limited" | "none"> {
  const { db } = getServices(context);
  const row = await findUserById(db, user.id);
  if (!row?.password_hash) return "none";
  if (!(await allowAttempt(db, [["passwordCheckAccount", user.id]]))) return "limited";
  if (!(await verifyPassword(row.password_hash, password))) return "wrong";
  await clearLimit(db, "passwordCheckAccount", user.id);
  return "ok";
}
