// The layout checks the harness (layout-harness.spec.ts) runs inside the page at
// each width. Everything here executes in the browser: `findLayoutProblems` is
// passed to `page.evaluate`, so it must not close over anything from this module.
import type { Page } from "@playwright/test";

export interface LayoutProblem {
  /** What is wrong, in a few words. */
  kind: string;
  /** The offending element: tag, id, classes and the start of its text. */
  element: string;
  /** Measured figures (px) that show the problem. */
  detail: string;
}

export interface LayoutCheckOptions {
  /** Check that every text in the header's bar sits on one line (desktop widths). */
  headerOneLine: boolean;
}

/**
 * Runs in the page. Finds horizontal scroll, elements past the viewport or their
 * container, clipped or ellipsed text, fixed elements covering a focused control,
 * header texts that wrap, and controls cut off at the viewport's edge or by a box
 * that hides its overflow. Elements marked `data-layout-truncate` (a long user
 * name in a pill, with its full text in `title`) may be ellipsed on purpose.
 */
export function findLayoutProblems(options: LayoutCheckOptions): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const vw = document.documentElement.clientWidth;
  const px = (n: number) => `${Math.round(n * 10) / 10}px`;

  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : "";
    const cls =
      typeof el.className === "string" && el.className.trim() ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    const parent = el.parentElement;
    const where =
      parent && parent !== document.body
        ? ` en <${parent.tagName.toLowerCase()}${parent.className && typeof parent.className === "string" ? "." + parent.className.trim().split(/\s+/)[0] : ""}>`
        : "";
    return `<${el.tagName.toLowerCase()}${id}${cls}>${text ? ` «${text}»` : ""}${where}`;
  };

  /** What a visitor operates: links, form controls and anything in the tab order. */
  const CONTROLS =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

  const styleOf = (el: Element) => getComputedStyle(el);
  const isVisuallyHidden = (el: Element, style: CSSStyleDeclaration) =>
    style.clip === "rect(0px, 0px, 0px, 0px)" ||
    style.clipPath === "inset(50%)" ||
    el.classList.contains("visually-hidden");
  const clips = (style: CSSStyleDeclaration) => style.overflowX !== "visible";
  const isFixedLike = (style: CSSStyleDeclaration) => style.position === "fixed" || style.position === "sticky";

  /** The element and its ancestors are rendered and not hidden on purpose. */
  const shown = (el: Element): boolean => {
    for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
      const s = styleOf(e);
      if (s.display === "none" || s.visibility === "hidden" || isVisuallyHidden(e, s) || e.closest(".skip-link"))
        return false;
      if (Number(s.opacity) === 0) return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };

  // 1. The page itself never scrolls sideways.
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > vw + 1) {
    problems.push({
      kind: "scroll horizontal",
      element: "<html>",
      detail: `scrollWidth ${px(scrollWidth)} > ancho ${px(vw)}`,
    });
  }

  const all = Array.from(document.body.querySelectorAll("*")).filter(
    (el) =>
      !(el instanceof SVGElement && el.tagName.toLowerCase() !== "svg") &&
      !["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "BR", "WBR", "OPTION"].includes(el.tagName),
  );
  const visible = all.filter(shown);

  /** Elements already reported past the viewport (check 2): check 5 does not name them again. */
  const offScreen = new Set<Element>();
  for (const el of visible) {
    const style = styleOf(el);
    const rect = el.getBoundingClientRect();

    // The nearest ancestor that clips or scrolls sideways: overflowing it is hidden
    // or scrollable on purpose (a table in a scroller, a carousel track).
    let clipper: Element | null = null;
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      if (clips(styleOf(e))) {
        clipper = e;
        break;
      }
    }

    // 2. Past the viewport's edges (unless inside a clipping scroller).
    if (!clipper && style.position !== "fixed" && (rect.right > vw + 1 || rect.left < -1)) {
      problems.push({
        kind: "se sale de la pantalla",
        element: describe(el),
        detail: `left ${px(rect.left)}, right ${px(rect.right)}, ancho de la ventana ${px(vw)}`,
      });
      offScreen.add(el);
      continue;
    }

    // 3. Past its container's right edge (in-flow boxes only: positioned
    //    decorations and fixed widgets are placed on purpose).
    const parent = el.parentElement;
    if (parent && parent !== document.body && (style.position === "static" || style.position === "relative")) {
      const ps = styleOf(parent);
      if (ps.display !== "contents" && ps.display !== "inline" && !clips(ps)) {
        const pr = parent.getBoundingClientRect();
        const overRight = rect.right - pr.right;
        const overLeft = pr.left - rect.left;
        if (overRight > 1 || overLeft > 1) {
          problems.push({
            kind: "desborda su contenedor",
            element: describe(el),
            detail: `${px(Math.max(overRight, overLeft))} fuera de ${describe(parent)}`,
          });
        }
      }
    }

    // 4. Text cut off: an element that clips (or ellipses) its own text.
    const ownText = Array.from(el.childNodes).some(
      (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
    );
    if (ownText && !el.closest("[data-layout-truncate]") && !["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName)) {
      const hiddenX = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
      const hiddenY = style.overflowY === "hidden" || style.overflowY === "clip" || style.webkitLineClamp !== "none";
      if (hiddenX && el.scrollWidth > el.clientWidth + 1) {
        problems.push({
          kind: "texto cortado",
          element: describe(el),
          detail: `contenido ${px(el.scrollWidth)} en ${px(el.clientWidth)}`,
        });
      } else if (hiddenY && el.scrollHeight > el.clientHeight + 1) {
        problems.push({
          kind: "texto cortado (alto)",
          element: describe(el),
          detail: `contenido ${px(el.scrollHeight)} en ${px(el.clientHeight)}`,
        });
      }
    }
  }

  // The page scrolls sideways but no element was caught past the edge on its own
  // (it sits in a clipping box that is itself too wide): name the widest ones.
  if (scrollWidth > vw + 1 && !problems.some((p) => p.kind === "se sale de la pantalla")) {
    // The elements whose right edge sets the page's scroll width, innermost first (hidden
    // ones included: an absolutely positioned screen-reader label can escape a scroller).
    const widest = all
      .filter((el) => el.getBoundingClientRect().right >= scrollWidth - 1 && el.getBoundingClientRect().width > 0)
      .sort((a, b) => a.getBoundingClientRect().width - b.getBoundingClientRect().width)
      .slice(0, 3);
    for (const el of widest) {
      const r = el.getBoundingClientRect();
      problems.push({
        kind: "ensancha la página",
        element: describe(el),
        detail: `left ${px(r.left)}, right ${px(r.right)}, ancho de la ventana ${px(vw)}`,
      });
    }
  }

  // 5. Every control is whole on screen: its box within the viewport's width (fixed
  //    widgets included) and within every ancestor that hides its overflow. One inside
  //    a box that scrolls sideways (a wide table's wrapper) can be scrolled to instead.
  const controls = visible.filter((el) => el.matches(`${CONTROLS}, [role="button"]`));
  for (const el of controls) {
    // `contains` is true of the element itself too.
    if (Array.from(offScreen).some((o) => o.contains(el))) continue;
    const r = el.getBoundingClientRect();
    let scrolls = false;
    let cutBy: Element | null = null;
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const s = styleOf(e);
      if (s.overflowX === "auto" || s.overflowX === "scroll") {
        scrolls = true;
        break;
      }
      if (s.overflowX === "hidden" || s.overflowX === "clip") {
        const cr = e.getBoundingClientRect();
        if (r.left < cr.left - 1 || r.right > cr.right + 1) {
          cutBy = e;
          break;
        }
      }
    }
    if (scrolls) continue;
    if (cutBy) {
      problems.push({
        kind: "control cortado",
        element: describe(el),
        detail: `left ${px(r.left)}, right ${px(r.right)} fuera de ${describe(cutBy)}`,
      });
    } else if (r.left < -1 || r.right > vw + 1) {
      problems.push({
        kind: "control cortado",
        element: describe(el),
        detail: `left ${px(r.left)}, right ${px(r.right)}, ancho de la ventana ${px(vw)}`,
      });
    }
  }

  // 6. The header's texts each on one line.
  if (options.headerOneLine) {
    const bar = document.querySelector("header.site-header .site-header__bar, header.staff-header");
    if (bar) {
      const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const host = n.parentElement;
        if (!host || !(n.textContent ?? "").trim() || !shown(host) || host.closest(".site-menu.is-open, [hidden]"))
          continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const tops = new Set(
          Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) {
          problems.push({ kind: "cabecera en dos líneas", element: describe(host), detail: `${tops.size} líneas` });
        }
      }
    }
  }

  // 7. No fixed element covers a control when it has the focus.
  const focusable = visible.filter((el) => el.matches(CONTROLS) && !(el as HTMLInputElement).disabled);
  const inFixed = (el: Element) => {
    for (let e: Element | null = el; e && e !== document.documentElement; e = e.parentElement) {
      if (isFixedLike(styleOf(e))) return e;
    }
    return null;
  };
  for (const el of focusable.slice(0, 150)) {
    if (inFixed(el)) continue;
    (el as HTMLElement).focus();
    if (document.activeElement !== el) continue;
    const r = el.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= window.innerHeight) continue;
    const points: [number, number][] = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 2, r.top + 2],
      [r.right - 2, r.bottom - 2],
    ];
    for (const [x, y] of points) {
      if (x < 0 || y < 0 || x >= vw || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit) || hit.contains(el)) continue;
      // The WhatsApp greeting hides as soon as anything else takes the focus (a render
      // later than this synchronous check): it never stays over a focused control.
      if (hit.closest(".whatsapp-float__tooltip")) continue;
      const cover = inFixed(hit);
      if (cover) {
        problems.push({
          kind: "elemento fijo tapa un control enfocado",
          element: describe(el),
          detail: `tapado por ${describe(cover)} en (${Math.round(x)}, ${Math.round(y)})`,
        });
        break;
      }
    }
  }
  (document.activeElement as HTMLElement | null)?.blur();

  window.scrollTo(0, 0);
  return problems;
}

/** Sets the width, lets layout settle, and returns the problems found at it. */
export async function layoutProblemsAt(
  page: Page,
  width: number,
  options: LayoutCheckOptions,
): Promise<LayoutProblem[]> {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() =>
    document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))),
  );
  return page.evaluate(findLayoutProblems, options);
}
