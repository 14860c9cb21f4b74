// Pure state of the work gallery:
// a current slide that wraps at both ends and advances on its own only while
// nobody has paused it, the visitor does not prefer reduced motion, and the
// pointer or keyboard focus is not inside the carousel (WAI-ARIA APG carousel).

/** Auto-advance period: 4 s per slide (the 0.5 s slide transition is in app/styles/home.css). */
export const AUTO_ADVANCE_MS = 4000;

export interface GalleryState {
  index: number;
  count: number;
  /** The visitor pressed "Pausar" (or reduced motion paused it at start). */
  paused: boolean;
  /** Pointer over or focus inside the carousel: rotation holds meanwhile. */
  hovered: boolean;
  focused: boolean;
}

export type GalleryAction =
  | { type: "next" }
  | { type: "prev" }
  | { type: "goto"; index: number }
  | { type: "tick" }
  | { type: "toggle-pause" }
  | { type: "reduced-motion"; reduce: boolean }
  | { type: "hover"; value: boolean }
  | { type: "focus"; value: boolean };

export function initialGalleryState(count: number): GalleryState {
  if (!Number.isInteger(count) || count < 1) throw new RangeError("A gallery needs at least one image");
  return { index: 0, count, paused: false, hovered: false, focused: false };
}

export function wrapIndex(index: number, count: number): number {
  return ((index % count) + count) % count;
}

export function galleryReducer(state: GalleryState, action: GalleryAction): GalleryState {
  switch (action.type) {
    case "next":
      return { ...state, index: wrapIndex(state.index + 1, state.count) };
    case "prev":
      return { ...state, index: wrapIndex(state.index - 1, state.count) };
    case "goto":
      if (!Number.isInteger(action.index) || action.index < 0 || action.index >= state.count) return state;
      return { ...state, index: action.index };
    case "tick":
      // A timer that fires just as the visitor pauses must not move the slide.
      return isRotating(state) ? { ...state, index: wrapIndex(state.index + 1, state.count) } : state;
    case "toggle-pause":
      return { ...state, paused: !state.paused };
    case "reduced-motion":
      // Reduced motion stops rotation; the visitor may still start it with the button.
      return action.reduce ? { ...state, paused: true } : state;
    case "hover":
      return { ...state, hovered: action.value };
    case "focus":
      return { ...state, focused: action.value };
  }
}

/** True while the slides change on their own. */
export function isRotating(state: GalleryState): boolean {
  return !state.paused && !state.hovered && !state.focused && state.count > 1;
}

/** APG: announce slide changes only when they are not automatic. */
export function liveMode(state: GalleryState): "off" | "polite" {
  return isRotating(state) ? "off" : "polite";
}
