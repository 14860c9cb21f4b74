import { useEffect, useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import type { RootUser } from "~/root-data.ts";
import { UserIcon } from "./icons.tsx";

/** Signed-in menu: a disclosure (button + list of links), simpler and more robust than an ARIA menu. */
export function UserMenu({ user }: { user: RootUser }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const name = user.displayName.trim() || user.email;
  const shortName = user.firstName.trim() || name;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <UserIcon size={20} />
        {/* The pill shows the first name (an unusually long one is ellipsed); the button is named with the full name. */}
        <span className="user-menu__name" aria-hidden="true" title={name} data-layout-truncate="">
          {shortName}
        </span>
        <span className="visually-hidden">{name}</span>
      </button>
      <ul id={panelId} className="user-menu__panel" hidden={!open}>
        <UserMenuItems onChoose={close} />
      </ul>
      {/* Without JavaScript the button cannot open the panel: show the same links in place. */}
      <noscript>
        <ul className="user-menu__panel user-menu__panel--static">
          <UserMenuItems />
        </ul>
      </noscript>
    </div>
  );
}

function UserMenuItems({ onChoose }: { onChoose?: () => void }) {
  return (
    <>
      <li>
        <Link to="/perfil" onClick={onChoose}>
          Mi perfil
        </Link>
      </li>
      <li>
        <Link to="/mis-cursos" onClick={onChoose}>
          Mis cursos
        </Link>
      </li>
      <li>
        <Form method="post" action="/logout" onSubmit={onChoose}>
          <button type="submit">Cerrar sesión</button>
        </Form>
      </li>
    </>
  );
}
