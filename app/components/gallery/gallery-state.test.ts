import { describe, expect, it } from "vitest";
import {
  galleryReducer,
  initialGalleryState,
  isRotating,
  liveMode,
  wrapIndex,
  type GalleryAction,
  type GalleryState,
} from "./gallery-state.ts";

function run(actions: GalleryAction[], state: GalleryState = initialGalleryState(8)): GalleryState {
  return actions.reduce(galleryReducer, state);
}

describe("gallery state", () => {
  it("starts on the first slide, rotating", () => {
    const s = initialGalleryState(8);
    expect(s.index).toBe(0);
    expect(isRotating(s)).toBe(true);
    expect(liveMode(s)).toBe("off");
  });

  it("rejects an empty gallery", () => {
    expect(() => initialGalleryState(0)).toThrow(RangeError);
  });

  it("moves next and previous and wraps at both ends", () => {
    expect(run([{ type: "next" }]).index).toBe(1);
    expect(run([{ type: "prev" }]).index).toBe(7);
    expect(run([{ type: "goto", index: 7 }, { type: "next" }]).index).toBe(0);
    expect(wrapIndex(-9, 8)).toBe(7);
  });

  it("jumps to a slide and ignores indexes out of range", () => {
    expect(run([{ type: "goto", index: 4 }]).index).toBe(4);
    expect(run([{ type: "goto", index: 8 }]).index).toBe(0);
    expect(run([{ type: "goto", index: -1 }]).index).toBe(0);
    expect(run([{ type: "goto", index: 1.5 }]).index).toBe(0);
  });

  it("ticks forward only while rotating", () => {
    expect(run([{ type: "tick" }, { type: "tick" }]).index).toBe(2);
    expect(run([{ type: "toggle-pause" }, { type: "tick" }]).index).toBe(0);
    expect(run([{ type: "hover", value: true }, { type: "tick" }]).index).toBe(0);
    expect(run([{ type: "focus", value: true }, { type: "tick" }]).index).toBe(0);
    expect(run([{ type: "goto", index: 7 }, { type: "tick" }]).index).toBe(0);
  });

  it("pause toggles and resumes", () => {
    const paused = run([{ type: "toggle-pause" }]);
    expect(paused.paused).toBe(true);
    expect(isRotating(paused)).toBe(false);
    expect(liveMode(paused)).toBe("polite");
    expect(isRotating(run([{ type: "toggle-pause" }], paused))).toBe(true);
  });

  it("hover and focus hold rotation only while they last", () => {
    const held = run([
      { type: "hover", value: true },
      { type: "focus", value: true },
    ]);
    expect(liveMode(held)).toBe("polite");
    expect(isRotating(run([{ type: "hover", value: false }], held))).toBe(false);
    expect(
      isRotating(
        run(
          [
            { type: "hover", value: false },
            { type: "focus", value: false },
          ],
          held,
        ),
      ),
    ).toBe(true);
  });

  it("reduced motion pauses, and the visitor can still resume", () => {
    const reduced = run([{ type: "reduced-motion", reduce: true }]);
    expect(reduced.paused).toBe(true);
    expect(run([{ type: "reduced-motion", reduce: false }]).paused).toBe(false);
    expect(isRotating(run([{ type: "toggle-pause" }], reduced))).toBe(true);
  });

  it("a single image never rotates", () => {
    expect(isRotating(initialGalleryState(1))).toBe(false);
    expect(run([{ type: "next" }], initialGalleryState(1)).index).toBe(0);
  });
});
