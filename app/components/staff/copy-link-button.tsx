import { useState } from "react";
import { useHydrated } from "~/components/auth/use-form-errors.ts";

type CopyState = "idle" | "copied" | "failed";

const ANNOUNCEMENTS: Record<CopyState, string> = {
  idle: "",
  copied: "Enlace copiado",
  failed: "No se ha podido copiar: selecciona el enlace y cópialo.",
};

/**
 * "Copiar enlace" for a link shown once to staff. Progressive: without JavaScript
 * the link stays selectable text and no button is drawn; after hydration the button
 * copies it, and a visually hidden live region (present from the start, so it is
 * announced) says whether it worked. The link is never logged.
 */
export function CopyLinkButton({ link, className }: { link: string; className?: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<CopyState>("idle");
  const copy = async () => {
    // Emptied first, so a second copy is announced again.
    setState("idle");
    try {
      await navigator.clipboard.writeText(link);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <>
      {hydrated ? (
        <button type="button" className={className} onClick={() => void copy()}>
          Copiar enlace
        </button>
      ) : null}
      {state === "copied" ? (
        <span className="staff-auth__copied" aria-hidden="true">
          Copiado
        </span>
      ) : null}
      <span className="visually-hidden" role="status">
        {ANNOUNCEMENTS[state]}
      </span>
    </>
  );
}
