import { useCallback, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useCartCount } from "~/components/cart/cart-context.tsx";
import { site } from "~/content/site.ts";
import { LanguageSwitcher } from "~/i18n/language-switcher.tsx";
import type { MessageKey, Translate } from "~/i18n/messages.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import type { RootUser } from "~/root-data.ts";
import { BookingLink } from "./booking-link.tsx";
import { CartIcon, CloseIcon, MenuIcon, WhatsAppIcon } from "./icons.tsx";
import { SocialLinks } from "./social-links.tsx";
import { UserMenu } from "./user-menu.tsx";

/** The header turns solid (white, with a shadow) once the page has scrolled past 50 px. */
const SCROLL_THRESHOLD = 50;

/** The main menu: Spanish paths (useLocalHref turns them into the page language's) and their words' keys. */
export const navItems = [
  { to: "/", label: "common.nav.home" },
  // The price list of the salon's services (issue 31: it was only in the footer).
  { to: "/servicios", label: "common.nav.services" },
  { to: "/equipo", label: "common.nav.team" },
  { to: "/formaciones", label: "common.nav.courses" },
  { to: "/contacto", label: "common.nav.contact" },
] as const satisfies readonly { to: string; label: MessageKey }[];

/** The cart link's accessible name: "Carrito" or "Carrito, 2 cursos" in the page's language. */
export function cartLabel(t: Translate, count: number): string {
  return t("common.cart.label", { count: Math.max(0, count) });
}

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

const MENU_ID = "menu-principal";

/**
 * The phone menu is a popover its button opens natively (issue 16a): a tap works
 * from the first paint, long before hydration, and Escape and a tap outside close
 * it. Where the browser lacks the Popover API the button toggles the state instead.
 */
function hasPopover(menu: HTMLElement | null): menu is HTMLElement {
  return typeof menu?.togglePopover === "function";
}

function isMenuOpen(menu: HTMLElement | null): boolean {
  return hasPopover(menu) && menu.matches(":popover-open");
}

export function Header({ user }: { user: RootUser | null }) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  const [open, setOpen] = useState(false);
  // aria-expanded is React's once it has hydrated; before, the browser derives it from the popover.
  const [hydrated, setHydrated] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const cartCount = useCartCount();
  const { pathname } = useLocation();
  const t = useT();
  const href = useLocalHref();

  const closeMenu = useCallback(() => {
    if (isMenuOpen(menuRef.current)) menuRef.current?.hidePopover();
    setOpen(false);
  }, []);

  // A menu opened before hydration stays open: the state catches up with it.
  useEffect(() => {
    setHydrated(true);
    setOpen(isMenuOpen(menuRef.current));
  }, []);

  // Any navigation (link, back button, form redirect) closes the mobile menu.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeMenu();
  }, [pathname, closeMenu]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      closeMenu();
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, closeMenu]);

  // Clicks bubble up from every link inside the panel (nav, WhatsApp, booking, social).
  const closeOnLink = (event: React.MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest("a")) closeMenu();
  };

  const classes = ["site-header", scrolled ? "is-scrolled" : "", open ? "menu-open" : ""].filter(Boolean).join(" ");

  return (
    <header className={classes}>
      <div className="site-header__bar">
        <Link to={href("/")} className="brand">
          <span className="brand__name">{site.name}</span>
          <span className="brand__sub">{t("common.brand.subtitle")}</span>
        </Link>

        {/* Closing on link clicks is a convenience; every item is itself a link or button. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
        <div
          ref={menuRef}
          id={MENU_ID}
          className={open ? "site-menu is-open" : "site-menu"}
          popover="auto"
          onToggle={() => setOpen(isMenuOpen(menuRef.current))}
          onClick={closeOnLink}
        >
          <nav aria-label={t("common.nav.label")}>
            <ul className="site-nav">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink to={href(item.to)} end={item.to === "/"}>
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <SocialLinks className="social-links site-menu__social" />
          <a
            className="site-menu__whatsapp"
            href={site.whatsapp.link(t("common.whatsapp.defaultMessage", { name: site.name }))}
            target="_blank"
            rel="noopener noreferrer"
          >
            <WhatsAppIcon />
            <span>
              {t("common.whatsapp.write")}
              <span className="visually-hidden"> {t("common.a11y.newTab")}</span>
            </span>
          </a>
          {/* Renders nothing on a page that has no version in the other language. */}
          <LanguageSwitcher className="language-switcher site-menu__language" />
          <div className="site-menu__account">
            {user ? (
              <UserMenu user={user} />
            ) : (
              <Link to={href("/login")} className="login-link">
                {t("common.header.login")}
              </Link>
            )}
          </div>
          <BookingLink className="btn site-menu__booking">{t("common.header.booking")}</BookingLink>
        </div>

        <Link to={href("/carrito")} className="cart-link" aria-label={cartLabel(t, cartCount)}>
          <CartIcon />
          {cartCount > 0 ? (
            <span className="cart-badge" aria-hidden="true">
              {cartCount}
            </span>
          ) : null}
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          popoverTarget={MENU_ID}
          aria-expanded={hydrated ? open : undefined}
          aria-controls={MENU_ID}
          onClick={() => {
            if (!hasPopover(menuRef.current)) setOpen((v) => !v);
          }}
        >
          {/* Both icons are drawn; the stylesheet shows the one for the menu's state (open before hydration too). */}
          <MenuIcon className="menu-toggle__open" />
          <CloseIcon className="menu-toggle__close" />
          <span className="visually-hidden">{t("common.header.menu")}</span>
        </button>
      </div>
    </header>
  );
}
