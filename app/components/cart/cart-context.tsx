/**
 * The cart: loaded once from localStorage at start, saved on every
 * change, then reconciled with the live catalogue (GET /api/catalogue) because
 * the stored copy is the browser's and never trusted.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import {
  addItem,
  CART_STORAGE_KEY,
  clearCart,
  parseStoredCart,
  reconcileCart,
  removeItem,
  serializeCart,
  setItemEdition,
  type CartCourse,
  type CartItem,
  type CatalogueCourse,
} from "~/domain/cart.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/locales.ts";
import { useT } from "~/i18n/react.tsx";

interface CartContextValue {
  items: CartItem[];
  count: number;
  /** True once the stored cart has been read (always false on the server). */
  loaded: boolean;
  /** True once the items have been checked against the live catalogue. */
  verified: boolean;
  has: (id: string) => boolean;
  /** Adds a course for the edition chosen (null: the next bookable one). */
  add: (course: CartCourse, editionId?: string | null) => void;
  /** Another edition for a course already in the cart. */
  setEdition: (courseId: string, editionId: string) => void;
  remove: (id: string) => void;
  clear: () => void;
}

export class CartProviderMissingError extends Error {
  constructor() {
    super("useCart() must be used inside <CartProvider>");
  }
}

const CartContext = createContext<CartContextValue | null>(null);

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage disabled (privacy settings): the cart still works for this page view.
    return null;
  }
}

function writeStorage(items: CartItem[]) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCart(items));
  } catch {
    // Quota or privacy mode: keep the in-memory cart.
  }
}

function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** The live catalogue, with the courses' texts in the page's language. */
async function fetchCatalogue(locale: Locale): Promise<CatalogueCourse[] | null> {
  try {
    const query = locale === DEFAULT_LOCALE ? "" : `?lang=${locale}`;
    const response = await fetch(`/api/catalogue${query}`, { headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const body = (await response.json()) as { courses?: CatalogueCourse[] };
    // An older answer without editions still reconciles (no edition is then kept).
    return Array.isArray(body.courses) ? body.courses.map((c) => ({ ...c, editions: c.editions ?? [] })) : null;
  } catch {
    return null;
  }
}

export function CartProvider({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<CartItem[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [verified, setVerified] = useState(false);
  // Whether to say the stored cart changed; the words are the page's (the root loader's "common" slice).
  const [notice, setNotice] = useState(false);
  // Storage events from other tabs must not be written back (that would loop).
  const skipSave = useRef(false);

  useEffect(() => {
    const stored = parseStoredCart(readStorage());
    setItems(stored);
    setLoaded(true);
    let cancelled = false;
    // Nothing stored, nothing to check: most page views skip the catalogue request
    // (courses added later come from the live catalogue already).
    if (stored.length === 0) setVerified(true);
    else
      // In the language of the page the cart was opened on (<html lang>, the URL's).
      void fetchCatalogue(pageLocale()).then((catalogue) => {
        if (cancelled || !catalogue) return;
        // The notice is about what the buyer had stored; items added meanwhile come
        // from the live catalogue already, so reconciling them again is harmless.
        if (reconcileCart(stored, catalogue).changed) setNotice(true);
        setItems((current) => reconcileCart(current, catalogue).items);
        setVerified(true);
      });
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY) return;
      skipSave.current = true;
      setItems(parseStoredCart(event.newValue));
    };
    window.addEventListener("storage", onStorage);
    return () => {
      cancelled = true;
      window.removeEventListener("storage", onStorage);
    };
  }, []);

  useEffect(() => {
    if (!loaded) return;
    if (skipSave.current) {
      skipSave.current = false;
      return;
    }
    writeStorage(items);
  }, [items, loaded]);

  const add = useCallback(
    (course: CartCourse, editionId: string | null = null) => setItems((current) => addItem(current, course, editionId)),
    [],
  );
  const setEdition = useCallback(
    (courseId: string, editionId: string) => setItems((current) => setItemEdition(current, courseId, editionId)),
    [],
  );
  const remove = useCallback((id: string) => setItems((current) => removeItem(current, id)), []);
  const clear = useCallback(() => {
    setItems(clearCart());
    // Written at once too: "Proceder al pago" clears and leaves the page right after.
    writeStorage(clearCart());
  }, []);

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      count: items.length,
      loaded,
      verified,
      has: (id: string) => items.some((i) => i.id === id),
      add,
      setEdition,
      remove,
      clear,
    }),
    [items, loaded, verified, add, setEdition, remove, clear],
  );

  return (
    <CartContext.Provider value={value}>
      {children}
      {/* Always in the DOM so screen readers announce the text when it appears. */}
      <div className="cart-notice" role="status">
        {notice ? <CartChangedNotice onClose={() => setNotice(false)} /> : null}
      </div>
    </CartContext.Provider>
  );
}

/** Rendered only once the stored cart changed, inside the router: its words come from the page's loaders. */
function CartChangedNotice({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <div className="cart-notice__box">
      <p>{t("common.cart.changedNotice")}</p>
      <button type="button" className="cart-notice__close" onClick={onClose}>
        {t("common.cart.dismiss")}
      </button>
    </div>
  );
}

/** The cart; throws when used outside <CartProvider> (a programming error, not a visitor's). */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new CartProviderMissingError();
  return value;
}

/** Number of courses in the cart; 0 on the server, before the cart has loaded and outside the provider. */
export function useCartCount(): number {
  return useContext(CartContext)?.count ?? 0;
}
