import type { ReactNode } from "react";
import { useT } from "~/i18n/react.tsx";

/** External link opened in a new tab; screen readers hear that it opens one. */
export function NewTabLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const t = useT();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{` ${t("common.a11y.newTab")}`}</span>
    </a>
  );
}
