/**
 * The four legal texts, one list for the footer and the legal pages' "other
 * legal texts": Spanish paths (pass them through useLocalHref) and their names'
 * keys in the "common" slice, which every page sends.
 */
import type { MessageKey } from "~/i18n/messages.ts";

export const legalLinks = [
  { to: "/privacy", label: "common.legalLinks.privacy" },
  { to: "/terms", label: "common.legalLinks.terms" },
  { to: "/aviso-legal", label: "common.legalLinks.legalNotice" },
  { to: "/cookies", label: "common.legalLinks.cookies" },
] as const satisfies readonly { to: string; label: MessageKey }[];
