import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { useT } from "~/i18n/react.tsx";

// The widget (and its CSS) is fetched on first open, so pages pay only for this button.
const loadWidget = () => import("./chat-widget.tsx");
const ChatWidget = lazy(loadWidget);
const PANEL_ID = "chat-panel";

/** Floating chat toggle (bottom right; the WhatsApp button sits bottom left). */
export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const t = useT();

  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);

  return (
    <div className="chat-launcher">
      {open ? (
        <Suspense
          fallback={
            <p className="chat-launcher__loading" role="status">
              {t("common.chat.opening")}
            </p>
          }
        >
          <ChatWidget id={PANEL_ID} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={toggleRef}
        type="button"
        className="chat-launcher__toggle"
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        onClick={() => (open ? close() : setOpen(true))}
        // Start fetching the widget as soon as someone shows interest.
        onPointerEnter={() => void loadWidget()}
        onFocus={() => void loadWidget()}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          ) : (
            <path
              d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6c-.5.4-1.3.1-1.3-.6V16A2.5 2.5 0 0 1 4 13.5v-8zM8 8.5h8M8 11.5h5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          )}
        </svg>
        <span className="visually-hidden">{t("common.chat.toggle")}</span>
      </button>
    </div>
  );
}
