import { describe, expect, it } from "vitest";
import { salonJsonLd } from "./salon-schema.ts";
import { site } from "./site.ts";

describe("salonJsonLd", () => {
  const data = salonJsonLd("https://example.test");

  it("describes a NailSalon with the site facts", () => {
    expect(data["@type"]).toBe("NailSalon");
    expect(data.name).toBe(site.name);
    expect(data.telephone).toBe(site.phone.e164);
    expect(data.url).toBe("https://example.test/");
    expect(data.address).toMatchObject({ "@type": "PostalAddress", postalCode: "08750", addressCountry: "ES" });
    expect(data.geo).toMatchObject({ latitude: site.geo.latitude, longitude: site.geo.longitude });
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.2, reviewCount: 97 });
    expect(data.sameAs).toContain(site.social.instagram.url);
    expect(data.image[0]).toMatch(/^https:\/\/example\.test\/img\//);
  });

  it("lists opening hours for open days only", () => {
    expect(data.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "21:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "17:00" },
    ]);
  });

  it("is serialisable without losing fields", () => {
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});
