// fontkit (pdfkit's font engine) ships no type declarations; these cover only what
// pdf-fonts.server.ts uses.
declare module "fontkit" {
  /** The shaped text: glyphs and their positions, one per glyph (pdfkit scales the positions in place). */
  export interface GlyphRun {
    glyphs: object[];
    positions: object[];
  }
  export interface Font {
    postscriptName: string;
    layout(text: string, features?: unknown, ...rest: unknown[]): GlyphRun;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
