// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { frameAt } from "../../tests/helpers/frame.tsx";
import { messagesFor } from "./catalogue.server.ts";
import { LanguageOffer, OFFER_STORAGE_KEY } from "./language-offer.tsx";

const offer = messagesFor("ca", ["offer"]);

function browserLanguages(languages: string[]) {
  Object.defineProperty(navigator, "languages", { value: languages, configurable: true });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  browserLanguages(["es-ES"]);
});

describe("the one-time offer of the Catalan page", () => {
  it("offers the same page in Catalan, in Catalan, to a browser that prefers Catalan", async () => {
    browserLanguages(["ca-ES", "es-ES"]);
    render(frameAt("/formaciones?nivel=inicio", () => <LanguageOffer />, { languageOffer: offer }));
    const box = await screen.findByRole("complementary", { name: "Aquest web en català" });
    expect(box.getAttribute("lang")).toBe("ca");
    const link = screen.getByRole("link", { name: "Llegeix aquesta pàgina en català" });
    expect(link.getAttribute("href")).toBe("/ca/formacions?nivel=inicio");
    expect(link.getAttribute("hreflang")).toBe("ca");
    expect(window.localStorage.getItem(OFFER_STORAGE_KEY)).not.toBeNull();
  });

  it("closes with its button and is not offered again", async () => {
    browserLanguages(["ca"]);
    render(frameAt("/", () => <LanguageOffer />, { languageOffer: offer }));
    fireEvent.click(await screen.findByRole("button", { name: "No, gràcies" }));
    expect(screen.queryByRole("complementary")).toBeNull();
    cleanup();
    render(frameAt("/equipo", () => <LanguageOffer />, { languageOffer: offer }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("complementary")).toBeNull();
  });

  it("stays away from a browser that prefers Spanish, and from a page the root loader sent no offer for", async () => {
    browserLanguages(["es-ES", "ca-ES"]);
    render(frameAt("/", () => <LanguageOffer />, { languageOffer: offer }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("complementary")).toBeNull();
    expect(window.localStorage.getItem(OFFER_STORAGE_KEY)).toBeNull();
    cleanup();
    browserLanguages(["ca-ES"]);
    render(frameAt("/", () => <LanguageOffer />));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("complementary")).toBeNull();
  });
});
