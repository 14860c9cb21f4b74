import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import type { RootUser } from "~/root-data.ts";
import { UserIcon } from "./icons.tsx";

/**
 * Signed-in menu: a native disclosure (`<details>`), so the pill opens its links
 * from the first paint, before hydration and without JavaScript (issue 16a).
 * Once hydrated, Escape, a tap outside and following a link close it too.
 */
export function UserMenu({ user }: { user: RootUser }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const name = user.displayName.trim() || user.email;
  const shortName = user.firstName.trim() || name;

  const close = useCallback(() => {
    if (rootRef.current) rootRef.current.open = false;
    setOpen(false);
  }, []);

  // Opened before hydration: the state catches up with it.
  useEffect(() => setOpen(rootRef.current?.open ?? false), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      summaryRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, close]);

  return (
    <details
      className="user-menu"
      ref={rootRef}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      // A tap before hydration may have opened it: the `open` attribute is the browser's, not a mismatch.
      suppressHydrationWarning
    >
      <summary ref={summaryRef} className="user-menu__button">
        <UserIcon size={20} />
        {/* The pill shows the first name (an unusually long one is ellipsed); the summary is named with the full name. */}
        <span className="user-menu__name" aria-hidden="true" title={name} data-layout-truncate="">
          {shortName}
        </span>
        <span className="visually-hidden">{name}</span>
      </summary>
      <ul className="user-menu__panel">
        <UserMenuItems onChoose={close} />
      </ul>
    </details>
  );
}

function UserMenuItems({ onChoose }: { onChoose: () => void }) {
  const t = useT();
  const href = useLocalHref();
  return (
    <>
      <li>
        <Link to={href("/perfil")} onClick={onChoose}>
          {t("common.userMenu.profile")}
        </Link>
      </li>
      <li>
        <Link to={href("/mis-cursos")} onClick={onChoose}>
          {t("common.userMenu.courses")}
        </Link>
      </li>
      <li>
        <Form method="post" action="/logout" onSubmit={onChoose}>
          <button type="submit">{t("common.userMenu.logout")}</button>
        </Form>
      </li>
    </>
  );
}
