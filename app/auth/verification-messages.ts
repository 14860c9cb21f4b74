import type { MessageKey } from "~/i18n/messages.ts";

/** Why a verification link is refused (shared by the action and its page; safe in the browser): catalogue keys. */
export const VERIFY_TOKEN_KEYS = {
  used: "auth.verify.token.used",
  expired: "auth.verify.token.expired",
  unknown: "auth.verify.token.unknown",
} as const satisfies Record<"used" | "expired" | "unknown", MessageKey>;
