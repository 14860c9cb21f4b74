import { useEffect, useReducer, useState, type FocusEvent } from "react";
import { Picture } from "~/components/picture.tsx";
import type { GalleryImage } from "~/content/gallery.ts";
import { useT } from "~/i18n/react.tsx";
import {
  AUTO_ADVANCE_MS,
  galleryReducer,
  initialGalleryState,
  isRotating,
  liveMode,
  wrapIndex,
} from "./gallery-state.ts";

const SLIDES_ID = "galeria-diapositivas";
const SLIDE_SIZES = "(min-width: 960px) 880px, calc(100vw - 2rem)";
const THUMB_SIZES = "(min-width: 640px) 110px, 25vw";

/** An artwork's name, or the place of an uploaded photo. */
const keyOf = (image: GalleryImage, i: number) => (typeof image.name === "string" ? image.name : `photo-${i}`);

interface GalleryProps {
  images: readonly GalleryImage[];
  /** Accessible name of the carousel region (default: "Galería de trabajos", in the page's language). */
  label?: string;
}

/**
 * Work gallery as a WAI-ARIA APG carousel: rotation control first, previous/next,
 * dots and thumbnails. Slides cross-fade (stacked), so the neighbours of the
 * current slide can be fetched ahead while staying lazy.
 */
export function Gallery({ images, label }: GalleryProps) {
  const t = useT();
  const [state, dispatch] = useReducer(galleryReducer, images.length, initialGalleryState);
  const count = images.length;
  const { index } = state;
  const rotating = isRotating(state);

  // Pictures mounted so far: the server renders only the first slide; once the
  // page is interactive the neighbours of the current slide are mounted too.
  const [mounted, setMounted] = useState<ReadonlySet<number>>(() => new Set([0]));
  useEffect(() => {
    setMounted((prev) => {
      const wanted = [index, wrapIndex(index + 1, count), wrapIndex(index - 1, count)];
      if (wanted.every((i) => prev.has(i))) return prev;
      return new Set([...prev, ...wanted]);
    });
  }, [index, count]);

  useEffect(() => {
    const query = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    if (!query) return;
    if (query.matches) dispatch({ type: "reduced-motion", reduce: true });
    const onChange = (event: MediaQueryListEvent) => dispatch({ type: "reduced-motion", reduce: event.matches });
    query.addEventListener?.("change", onChange);
    return () => query.removeEventListener?.("change", onChange);
  }, []);

  // Restarted by every slide change, so a manual move also gets a full 4 s.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => dispatch({ type: "tick" }), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [rotating, index]);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    // Focus on the rotation control itself must not hold rotation, or "Reanudar" would do nothing.
    const onToggle = (event.target as HTMLElement).dataset.rotation === "true";
    dispatch({ type: "focus", value: !onToggle });
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dispatch({ type: "focus", value: false });
  };

  return (
    <section
      className="gallery"
      aria-roledescription={t("home.gallery.carousel.roleDescription")}
      aria-label={label ?? t("home.gallery.photosLabel")}
      onMouseEnter={() => dispatch({ type: "hover", value: true })}
      onMouseLeave={() => dispatch({ type: "hover", value: false })}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="gallery__bar">
        <button
          type="button"
          className="gallery__toggle"
          data-rotation="true"
          aria-controls={SLIDES_ID}
          onClick={() => dispatch({ type: "toggle-pause" })}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
            {state.paused ? (
              <path d="M8 5v14l11-7z" fill="currentColor" />
            ) : (
              <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
            )}
          </svg>
          {state.paused ? t("home.gallery.carousel.resume") : t("home.gallery.carousel.pause")}
        </button>
        <p className="gallery__counter" aria-hidden="true">
          {index + 1} / {count}
        </p>
      </div>

      <div className="gallery__stage">
        <div className="gallery__slides" id={SLIDES_ID} aria-live={liveMode(state)} aria-atomic="false">
          {images.map((image, i) => (
            <div
              key={keyOf(image, i)}
              className="gallery__slide"
              role="group"
              aria-roledescription={t("home.gallery.carousel.slideRoleDescription")}
              aria-label={t("home.gallery.carousel.slideLabel", { n: i + 1, count })}
              data-active={i === index}
            >
              <figure>
                {mounted.has(i) || i === index ? (
                  <Picture name={image.name} alt={image.alt} sizes={SLIDE_SIZES} className="gallery__img" />
                ) : null}
                <figcaption>{image.title}</figcaption>
              </figure>
            </div>
          ))}
        </div>
        <button
          type="button"
          className="gallery__arrow gallery__arrow--prev"
          aria-controls={SLIDES_ID}
          aria-label={t("home.gallery.carousel.previous")}
          onClick={() => dispatch({ type: "prev" })}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        <button
          type="button"
          className="gallery__arrow gallery__arrow--next"
          aria-controls={SLIDES_ID}
          aria-label={t("home.gallery.carousel.next")}
          onClick={() => dispatch({ type: "next" })}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </div>

      <div className="gallery__dots">
        {images.map((image, i) => (
          <button
            key={keyOf(image, i)}
            type="button"
            className="gallery__dot"
            aria-controls={SLIDES_ID}
            aria-label={t("home.gallery.carousel.goTo", { n: i + 1 })}
            aria-current={i === index ? "true" : undefined}
            onClick={() => dispatch({ type: "goto", index: i })}
          />
        ))}
      </div>

      <ul className="gallery__thumbs">
        {images.map((image, i) => (
          <li key={keyOf(image, i)}>
            <button
              type="button"
              className="gallery__thumb"
              aria-controls={SLIDES_ID}
              aria-label={t("home.gallery.carousel.thumb", { title: image.title })}
              aria-current={i === index ? "true" : undefined}
              onClick={() => dispatch({ type: "goto", index: i })}
            >
              <Picture name={image.name} alt="" sizes={THUMB_SIZES} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
