/**
 * POST /formaciones/:id — "Avísame si queda una plaza" on a full edition.
 * Every answer is written in the page's language (/ca/formacions/… in
 * Catalan), and the entry keeps it for its emails.
 * Limits (each a 429 with Retry-After): requests per network, new
 * entries per network (an IPv4 address or IPv6 /64: clientNetwork), and
 * confirmation emails per target address; `joinWaitlist` also caps the live
 * entries of one address. The edition must be an upcoming edition of this
 * course (looked up, never trusted); a signed-in buyer's account email is used
 * whatever the field says, and counts as confirmed when the account has
 * verified it. `joinWaitlist` decides the rest.
 */
import { data, type RouterContextProvider } from "react-router";
import { formValues } from "~/auth/schemas.ts";
import { getOptionalUser } from "~/auth/session.server.ts";
import { listEditionChoices } from "~/catalogue/queries.server.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import {
  waitlistFormSchema,
  waitlistSignedInSchema,
  type WaitlistFieldErrors,
  type WaitlistJoinResult,
} from "~/domain/waitlist-form.ts";
import { WAITLIST_MAX_ACTIVE_PER_EMAIL } from "~/domain/waitlist-messages.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import { sha256 } from "~/lib/ids.server.ts";
import { hitRateLimit, type RateLimitRule } from "~/lib/rate-limit.server.ts";
import {
  waitlistErrorText,
  waitlistFieldErrorsIn,
  waitlistResultText,
  type WaitlistErrorName,
} from "./join-messages.ts";
import { joinWaitlist, normaliseEmail, type JoinGate } from "./waitlist.server.ts";

const HOUR_MS = 60 * 60 * 1000;
/** Requests (valid or not) per network: generous enough for a few editions and typos from one salon network (NAT). */
export const waitlistJoinLimit = { points: 10, windowMs: HOUR_MS } satisfies RateLimitRule;
/** New entries per network: made-up addresses from one connection stop here. */
export const waitlistEntryLimit = { points: 5, windowMs: HOUR_MS } satisfies RateLimitRule;
/**
 * Confirmation emails per target address, whoever asks for them: enough for one
 * person joining as many lists as an address may be on (WAITLIST_MAX_ACTIVE_PER_EMAIL).
 */
export const waitlistConfirmEmailLimit = {
  points: WAITLIST_MAX_ACTIVE_PER_EMAIL,
  windowMs: HOUR_MS,
} satisfies RateLimitRule;

export type WaitlistActionData =
  | { waitlist: { editionId: string; result: WaitlistJoinResult; message: string } }
  | { waitlistErrors: WaitlistFieldErrors; editionId: string | null; email: string };

const clip = (value: string | undefined, max: number): string => (value ?? "").slice(0, max);

export async function waitlistJoinAction(request: Request, context: Readonly<RouterContextProvider>, courseId: string) {
  const services = getServices(context);
  const { db } = services;
  // The course page's language (/ca/formacions/… in Catalan): the answers and the entry's emails.
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  const values = formValues(await request.formData());
  const echo = { editionId: clip(values.edition, 200) || null, email: clip(values.email, 254) };
  const network = sha256(clientNetwork(context));
  const limited = (reason: WaitlistErrorName, retryAfterSeconds?: number) =>
    data<WaitlistActionData>(
      { waitlistErrors: { form: waitlistErrorText(t, reason) }, ...echo },
      {
        status: 429,
        headers: retryAfterSeconds === undefined ? undefined : { "Retry-After": String(retryAfterSeconds) },
      },
    );
  const limit = await hitRateLimit(db, `waitlistJoinIp:${network}`, waitlistJoinLimit);
  if (!limit.allowed) return limited("rateLimited", limit.retryAfterSeconds);
  const user = await getOptionalUser(request, context);
  const parsed = user
    ? waitlistSignedInSchema.transform((v) => ({ ...v, email: user.email })).safeParse(values)
    : waitlistFormSchema.safeParse(values);
  if (!parsed.success) {
    return data<WaitlistActionData>({ waitlistErrors: waitlistFieldErrorsIn(t, parsed.error), ...echo }, 400);
  }
  const edition = (await listEditionChoices(db, [courseId])).find((e) => e.id === parsed.data.edition);
  if (!edition)
    return data<WaitlistActionData>({ waitlistErrors: { edition: waitlistErrorText(t, "edition") }, ...echo }, 400);
  // Which limit refused, for the answer.
  const refusal: { reason: WaitlistErrorName; retryAfterSeconds: number } = {
    reason: "rateLimited",
    retryAfterSeconds: 3600,
  };
  const gateOn = async (key: string, rule: RateLimitRule, reason: WaitlistErrorName) => {
    const hit = await hitRateLimit(db, key, rule);
    if (!hit.allowed) Object.assign(refusal, { reason, retryAfterSeconds: hit.retryAfterSeconds });
    return hit.allowed;
  };
  const email = normaliseEmail(parsed.data.email);
  const gate: JoinGate = {
    newEntry: () => gateOn(`waitlistEntryNet:${network}`, waitlistEntryLimit, "networkLimited"),
    confirmationEmail: () => gateOn(`waitlistConfirmEmail:${sha256(email)}`, waitlistConfirmEmailLimit, "emailLimited"),
  };
  const result = await joinWaitlist(db, {
    editionId: edition.id,
    email,
    userId: user?.id ?? null,
    // The address is already proven: the account's own, verified.
    confirmed: user !== null && user.emailVerified,
    nowIso: new Date().toISOString(),
    gate,
    locale,
  });
  if (result === "too-many") return limited("tooManyLists");
  if (result === "limited") return limited(refusal.reason, refusal.retryAfterSeconds);
  // A confirmation email (or an offer) may have been queued: send it now rather than at the next poll.
  services.jobs?.kick();
  return data<WaitlistActionData>({
    waitlist: { editionId: edition.id, result, message: waitlistResultText(t, result) },
  });
}
