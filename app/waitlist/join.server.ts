/**
 * POST /formaciones/:id — "Avísame si queda una plaza" on a full edition.
 * Rate limited per address; the edition must be an upcoming edition of this
 * course (looked up, never trusted); a signed-in buyer's account email is used
 * whatever the field says. `joinWaitlist` decides the rest.
 */
import { data, type RouterContextProvider } from "react-router";
import { formValues } from "~/auth/schemas.ts";
import { getOptionalUser } from "~/auth/session.server.ts";
import { listEditionChoices } from "~/catalogue/queries.server.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import {
  WAITLIST_MESSAGES,
  WAITLIST_RESULT_MESSAGES,
  waitlistErrors,
  waitlistFormSchema,
  waitlistSignedInSchema,
  type WaitlistFieldErrors,
  type WaitlistJoinResult,
} from "~/domain/waitlist-form.ts";
import { sha256 } from "~/lib/ids.server.ts";
import { hitRateLimit, type RateLimitRule } from "~/lib/rate-limit.server.ts";
import { joinWaitlist } from "./waitlist.server.ts";

/** Generous enough for a few editions and typos from one salon network (NAT). */
export const waitlistJoinLimit = { points: 10, windowMs: 60 * 60 * 1000 } satisfies RateLimitRule;

export type WaitlistActionData =
  | { waitlist: { editionId: string; result: WaitlistJoinResult; message: string } }
  | { waitlistErrors: WaitlistFieldErrors; editionId: string | null; email: string };

const clip = (value: string | undefined, max: number): string => (value ?? "").slice(0, max);

export async function waitlistJoinAction(request: Request, context: Readonly<RouterContextProvider>, courseId: string) {
  const { db } = getServices(context);
  const values = formValues(await request.formData());
  const echo = { editionId: clip(values.edition, 200) || null, email: clip(values.email, 254) };
  const limit = await hitRateLimit(db, `waitlistJoinIp:${sha256(clientNetwork(context))}`, waitlistJoinLimit);
  if (!limit.allowed) {
    return data<WaitlistActionData>(
      { waitlistErrors: { form: WAITLIST_MESSAGES.rateLimited }, ...echo },
      {
        status: 429,
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      },
    );
  }
  const user = await getOptionalUser(request, context);
  const parsed = user
    ? waitlistSignedInSchema.transform((v) => ({ ...v, email: user.email })).safeParse(values)
    : waitlistFormSchema.safeParse(values);
  if (!parsed.success) return data<WaitlistActionData>({ waitlistErrors: waitlistErrors(parsed.error), ...echo }, 400);
  const edition = (await listEditionChoices(db, [courseId])).find((e) => e.id === parsed.data.edition);
  if (!edition)
    return data<WaitlistActionData>({ waitlistErrors: { edition: WAITLIST_MESSAGES.edition }, ...echo }, 400);
  const result = await joinWaitlist(db, {
    editionId: edition.id,
    email: parsed.data.email,
    userId: user?.id ?? null,
    nowIso: new Date().toISOString(),
  });
  return data<WaitlistActionData>({
    waitlist: { editionId: edition.id, result, message: WAITLIST_RESULT_MESSAGES[result] },
  });
}
