// Photos far below a phone's first view (`.deferred-photo`, app.css) wait until
// the visitor scrolls near them: not fetched on arrival, every one shown by the
// time she reaches it, and nothing on the page moves when they appear.
import type { Page } from "@playwright/test";
import { expect, nextFrames, recordLayoutShifts, test } from "./fixtures.ts";

/** Each deferred photo's top (px from the page's top) and whether its image was requested and decoded. */
const photoStates = (page: Page) =>
  page.locator(".deferred-photo img").evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      top: img.getBoundingClientRect().top + window.scrollY,
      requested: img.currentSrc !== "",
      shown: img.naturalWidth > 0,
    })),
  );

for (const path of ["/", "/equipo", "/formaciones", "/carrito"]) {
  test(`${path} on a phone: the photos far below wait for the scroll, then appear without moving anything`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const shifts = await recordLayoutShifts(page);
    // A phone's connection (Lighthouse's mobile figures): Chrome's lazy loader then starts
    // every image within 2,500 px of the screen, not 1,250 as on a fast line.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.goto(path);

    // Photos further down than a screen and a half are not even requested on arrival.
    const far = (await photoStates(page)).filter((p) => p.top > 823 * 1.5);
    expect(far.length).toBeGreaterThan(0);
    expect(far.filter((p) => p.requested)).toEqual([]);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // From here on only the photos can move anything: the brand fonts' swap on the slow
    // line (a few ten-thousandths of a screen, text only) is over before the scroll.
    await page.evaluate(() => document.fonts.ready);
    await nextFrames(page);
    await shifts.take();

    // Down the page a screen at a time, as a visitor reads it.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 600) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
      await nextFrames(page);
    }
    await expect
      .poll(async () => (await photoStates(page)).every((p) => p.requested && p.shown))
      .toBe(true);
    await nextFrames(page);
    expect(await shifts.take()).toEqual([]);
  });
}
