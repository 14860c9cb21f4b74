import { data, redirect, type RouterContextProvider } from "react-router";
import {
  deleteAccount,
  getSettings,
  listEnrollments,
  listOrders,
  saveSettings,
  type UserSettings,
} from "~/auth/account-data.server.ts";
import { EmailInUseError, findUserById, setPasswordHash, updateProfile } from "~/auth/accounts.server.ts";
import { hashPassword, verifyPassword } from "~/auth/password.server.ts";
import { allowAttempt, clearLimit } from "~/auth/rate-limits.server.ts";
import {
  changePasswordSchema,
  deleteAccountSchema,
  fieldErrorsOf,
  formValues,
  messages,
  profileSchema,
  settingsKeys,
  type FieldErrors,
} from "~/auth/schemas.ts";
import {
  currentSessionToken,
  destroyOtherSessions,
  destroySession,
  requireUser,
  type AuthUser,
} from "~/auth/session.server.ts";
import { getServices } from "~/context.server.ts";

export const PROFILE_TABS = ["datos", "cursos", "compras", "configuracion"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

type Ctx = Readonly<RouterContextProvider>;

export async function profileLoader(request: Request, context: Ctx) {
  const user = await requireUser(request, context);
  const { db } = getServices(context);
  const url = new URL(request.url);
  const tabParam = url.searchParams.get("tab");
  const tab: ProfileTab = (PROFILE_TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as ProfileTab) : "datos";
  const row = await findUserById(db, user.id);
  if (!row) throw new Error("la cuenta no existe");
  const [settings, enrollments, orders] = await Promise.all([
    getSettings(db, user.id),
    listEnrollments(db, user.id),
    listOrders(db, user.id),
  ]);
  return {
    tab,
    editing: url.searchParams.get("editar") === "1",
    saved: url.searchParams.get("guardado"),
    profile: {
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      createdAt: row.created_at,
      lastLoginAt: row.last_login_at,
      hasPassword: row.password_hash !== null,
      googleLinked: row.google_sub !== null,
      emailVerified: row.email_verified_at !== null,
    },
    settings,
    enrollments,
    orders,
  };
}

export type ProfileIntent = "profile" | "settings" | "password" | "delete";
export interface ProfileActionData {
  intent: ProfileIntent;
  errors: FieldErrors;
  values?: Record<string, string>;
  saved?: string;
}

const fail = (intent: ProfileIntent, errors: FieldErrors, status = 400, values?: Record<string, string>) =>
  data<ProfileActionData>({ intent, errors, values }, status);

/** Checks the password of a sensitive change, with a per-account limit against guessing. */
async function checkPassword(context: Ctx, user: AuthUser, password: string): Promise<"ok" | "wrong" | "limited" | "none"> {
  const { db } = getServices(context);
  const row = await findUserById(db, user.id);
  if (!row?.password_hash) return "none";
  if (!(await allowAttempt(db, [["passwordCheckAccount", user.id]]))) return "limited";
  if (!(await verifyPassword(row.password_hash, password))) return "wrong";
  await clearLimit(db, "passwordCheckAccount", user.id);
  return "ok";
}

export async function profileAction(request: Request, context: Ctx) {
  const user = await requireUser(request, context);
  const { db, logger } = getServices(context);
  const values = formValues(await request.formData());
  const intent = values.intent as ProfileIntent;
  try {
    switch (intent) {
      case "profile": {
        const echo = { firstName: values.firstName ?? "", lastName: values.lastName ?? "", email: values.email ?? "", phone: values.phone ?? "" };
        const parsed = profileSchema.safeParse(values);
        if (!parsed.success) return fail(intent, fieldErrorsOf(parsed.error), 400, echo);
        const p = parsed.data;
        if (p.email !== user.email) {
          const check = await checkPassword(context, user, p.currentPassword);
          if (check === "none") {
            return fail(intent, { currentPassword: "Tu cuenta no tiene contraseña: crea una en Configuración antes de cambiar el correo" }, 400, echo);
          }
          if (check === "limited") return fail(intent, { form: messages.tooManyAttempts }, 429, echo);
          if (check === "wrong") {
            return fail(intent, { currentPassword: p.currentPassword ? messages.wrongPassword : "Para cambiar el correo, introduce tu contraseña" }, 400, echo);
          }
        }
        const { emailChanged } = await updateProfile(db, user.id, p);
        // A new address gets its own confirmation link (queued with the change).
        if (emailChanged) getServices(context).jobs?.kick();
        return redirect("/perfil?tab=datos&guardado=datos");
      }
      case "settings": {
        const next = Object.fromEntries(settingsKeys.map((k) => [k, values[k] === "on"])) as UserSettings;
        await saveSettings(db, user.id, next);
        return redirect("/perfil?tab=configuracion&guardado=preferencias");
      }
      case "password": {
        const row = await findUserById(db, user.id);
        const hasPassword = !!row?.password_hash;
        // A Google-only account sets its first password without a current one.
        const parsed = changePasswordSchema.safeParse(hasPassword ? values : { ...values, currentPassword: "-" });
        if (!parsed.success) return fail(intent, fieldErrorsOf(parsed.error));
        if (hasPassword) {
          const check = await checkPassword(context, user, parsed.data.currentPassword);
          if (check === "limited") return fail(intent, { form: messages.tooManyAttempts }, 429);
          if (check !== "ok") return fail(intent, { currentPassword: messages.wrongPassword });
        }
        await setPasswordHash(db, user.id, await hashPassword(parsed.data.password));
        // Whoever else knew the old password is signed out; this browser stays in.
        await destroyOtherSessions(db, user.id, currentSessionToken(request));
        return redirect("/perfil?tab=configuracion&guardado=contrasena");
      }
      case "delete": {
        const parsed = deleteAccountSchema.safeParse(values);
        if (!parsed.success) return fail(intent, fieldErrorsOf(parsed.error));
        const check = await checkPassword(context, user, parsed.data.currentPassword);
        if (check === "limited") return fail(intent, { form: messages.tooManyAttempts }, 429);
        if (check === "wrong") {
          return fail(intent, { currentPassword: parsed.data.currentPassword ? messages.wrongPassword : messages.currentPasswordRequired });
        }
        const cookie = await destroySession(request, context);
        await deleteAccount(db, user.id);
        logger.info({ userId: user.id }, "cuenta eliminada a petición de la usuaria");
        return redirect("/login?aviso=cuenta-eliminada", { headers: { "Set-Cookie": cookie } });
      }
      default:
        return fail("profile", { form: "Acción desconocida" });
    }
  } catch (err) {
    if (err instanceof EmailInUseError) return fail("profile", { email: messages.emailInUse });
    logger.error({ err, intent }, "profile action failed");
    return fail(intent, { form: "No se han podido guardar los cambios. Inténtalo de nuevo" }, 500);
  }
}
