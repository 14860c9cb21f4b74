import { useCallback, useEffect, useRef, useState } from "react";
import { Picture, type ImageSource, type PictureProps } from "~/components/picture.tsx";
import { useT } from "~/i18n/react.tsx";

interface ImageModalProps {
  name: ImageSource;
  alt: string;
  /** Called once the dialog has closed (close button, backdrop, Escape). */
  onClose: () => void;
}

/**
 * Full-screen image viewer on a native modal `<dialog>`: the browser keeps focus
 * inside, makes the rest of the page inert and closes it on Escape. Mounted only
 * while open, so the large rendition is never downloaded before it is wanted.
 */
function ImageModal({ name, alt, onClose }: ImageModalProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Whoever had focus (the opener) gets it back when the viewer closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let closed = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      opener?.focus();
      onCloseRef.current();
    };
    // Escape without native dialog support (older engines, test DOMs).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        closeDialog(dialog);
      }
    };
    // A click whose target is the dialog itself landed on the backdrop area
    // around the image (the dialog covers the whole viewport).
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog || (event.target as HTMLElement).dataset.backdrop === "true") {
        closeDialog(dialog);
      }
    };
    dialog.addEventListener("close", finish);
    dialog.addEventListener("keydown", onKeyDown);
    dialog.addEventListener("click", onClick);
    if (typeof dialog.showModal === "function") {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute("open", "");
    }
    dialog.querySelector<HTMLButtonElement>("button")?.focus();
    return () => {
      dialog.removeEventListener("close", finish);
      dialog.removeEventListener("keydown", onKeyDown);
      dialog.removeEventListener("click", onClick);
    };
  }, []);

  return (
    <dialog ref={dialogRef} className="image-modal" aria-label={alt}>
      <div className="image-modal__frame" data-backdrop="true">
        <button
          type="button"
          className="image-modal__close"
          aria-label={t("common.imageModal.close")}
          onClick={() => dialogRef.current && closeDialog(dialogRef.current)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        <Picture name={name} alt={alt} sizes="100vw" className="image-modal__img" />
      </div>
    </dialog>
  );
}

/** `dialog.close()` fires "close"; without native support we fire it ourselves. */
function closeDialog(dialog: HTMLDialogElement) {
  if (typeof dialog.close === "function" && dialog.open) {
    dialog.close();
  } else {
    dialog.removeAttribute("open");
    dialog.dispatchEvent(new Event("close"));
  }
}

interface ZoomableImageProps extends Pick<PictureProps, "sizes" | "className" | "priority" | "deferred"> {
  name: ImageSource;
  alt: string;
}

/** A photo that opens full-screen in the image modal when activated. */
export function ZoomableImage({ name, alt, sizes, className, priority, deferred }: ZoomableImageProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className="zoomable"
        aria-label={t("common.imageModal.zoom", { alt })}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Picture name={name} alt="" sizes={sizes} className={className} priority={priority} deferred={deferred} />
        <span className="zoomable__hint" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20">
            <circle cx="10.5" cy="10.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15 15l5 5M10.5 8v5M8 10.5h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
      </button>
      {open && <ImageModal name={name} alt={alt} onClose={close} />}
    </>
  );
}
