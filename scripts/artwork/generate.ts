// Writes the site's SVG artwork: content/images/<name>.svg for every name in
// app/content/image-names.ts (`npm run artwork`, or `node scripts/artwork/generate.ts hero gallery-`
// for the names starting with the given prefixes). Deterministic: same code, same bytes; the
// unit test artwork.test.ts checks the committed files against this output.
// A photo with the same name in content/images/ still wins over the SVG (scripts/build-images.ts).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { IMAGE_NAMES } from "../../app/content/image-names.ts";
import { SCENES } from "./scenes.ts";

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../content/images");

const prefixes = process.argv.slice(2);
let written = 0;
for (const name of IMAGE_NAMES) {
  if (prefixes.length > 0 && !prefixes.some((p) => name.startsWith(p))) continue;
  const draw = SCENES[name];
  if (!draw) throw new Error(`No hay ilustración para "${name}" en scripts/artwork/scenes.ts`);
  const svg = draw();
  writeFileSync(path.join(OUT_DIR, `${name}.svg`), svg);
  console.log(`${name}.svg  ${(svg.length / 1024).toFixed(1)} KB`);
  written += 1;
}
if (written === 0) {
  console.error(`Ningún nombre empieza por: ${prefixes.join(", ")}`);
  process.exitCode = 1;
}
