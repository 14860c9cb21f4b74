import type { MessageKey } from "~/i18n/messages.ts";

/** Why a reset link is refused (shared by the reset action and its page): catalogue keys. */
export const RESET_TOKEN_KEYS = {
  used: "auth.reset.token.used",
  expired: "auth.reset.token.expired",
  unknown: "auth.reset.token.unknown",
} as const satisfies Record<"used" | "expired" | "unknown", MessageKey>;
