import { Link } from "react-router";
import type { Route } from "./+types/home";
import { Gallery } from "~/components/gallery/gallery.tsx";
import { NewTabLink } from "~/components/home/new-tab-link.tsx";
import { ZoomableImage } from "~/components/image-modal.tsx";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import { FacebookIcon, InstagramIcon } from "~/components/layout/icons.tsx";
import { Picture, type ImageName } from "~/components/picture.tsx";
import { galleryImages } from "~/content/gallery.ts";
import { salonJsonLd } from "~/content/salon-schema.ts";
import { site } from "~/content/site.ts";
import { decimalText } from "~/domain/es-format.ts";
import { jsonLd, pageMeta, rootOrigin } from "~/lib/seo.ts";
import { PostalAddress } from "~/components/postal-address.tsx";
import { getServices } from "~/context.server.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator, type MessageKey } from "~/i18n/messages.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { publicPhotos } from "~/media/site-photos.server.ts";

/** The salon's own hero and gallery photos, where Gestión → Fotos has them (else the artwork). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { hero, gallery } = await publicPhotos(getServices(context).db, ["hero", "gallery"]);
  return { hero, gallery, messages: messagesFor(localeOfRequest(request), ["home"]) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const origin = rootOrigin(matches);
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  const description = t("home.meta.description");
  return [
    ...pageMeta({
      title: t("home.meta.title", { name: site.name, locality: site.address.locality }),
      description,
      path: "/",
      origin,
      locale,
    }),
    jsonLd(salonJsonLd(origin, description)),
  ];
};

interface Service {
  number: string;
  id: "facial" | "manicure" | "pedicure" | "courses";
  /** Its words (written out: the catalogue check finds every key in the sources). */
  words: { title: MessageKey; text: MessageKey; linkHint: MessageKey };
  image: ImageName;
  /** Salon services lead to their part of /servicios; courses to /formaciones. */
  action: { to: string; label: MessageKey };
}

const services: Service[] = [
  {
    number: "01",
    id: "facial",
    words: {
      title: "home.services.facial.title",
      text: "home.services.facial.text",
      linkHint: "home.services.facial.linkHint",
    },
    image: "service-facial",
    action: { to: "/servicios#facial", label: "home.services.seePrices" },
  },
  {
    number: "02",
    id: "manicure",
    words: {
      title: "home.services.manicure.title",
      text: "home.services.manicure.text",
      linkHint: "home.services.manicure.linkHint",
    },
    image: "service-manicura",
    action: { to: "/servicios#manos", label: "home.services.seePrices" },
  },
  {
    number: "03",
    id: "pedicure",
    words: {
      title: "home.services.pedicure.title",
      text: "home.services.pedicure.text",
      linkHint: "home.services.pedicure.linkHint",
    },
    image: "service-pedicura",
    action: { to: "/servicios#pies", label: "home.services.seePrices" },
  },
  {
    number: "04",
    id: "courses",
    words: {
      title: "home.services.courses.title",
      text: "home.services.courses.text",
      linkHint: "home.services.courses.linkHint",
    },
    image: "service-formaciones",
    action: { to: "/formaciones", label: "home.services.moreInfo" },
  },
];

const ratingText = decimalText(site.rating.value, 1);

/** The catalogue's name for each line of the opening hours (site.hours). */
const HOURS_DAYS = {
  weekdays: "common.hours.mondayToFriday",
  saturday: "common.hours.saturday",
  sunday: "common.hours.sunday",
} as const satisfies Record<(typeof site.hours)[number]["id"], MessageKey>;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, gallery } = loaderData;
  const t = useT();
  const href = useLocalHref();
  const { locality } = site.address;
  // Real photos make the gallery "our work"; the artwork is shown as the styles we do.
  const photos = gallery.length > 0;
  const galleryItems = photos
    ? gallery.map((p, i) => ({
        name: p.entry,
        alt: p.alt,
        title: p.caption ?? t("home.gallery.photoTitle", { n: i + 1 }),
      }))
    : galleryImages(t);
  const hours = site.hours.map((h) => {
    const days = t(HOURS_DAYS[h.id]);
    return h.opens
      ? t("common.hours.open", { days, opens: h.opens, closes: h.closes })
      : t("common.hours.closed", { days });
  });
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <Picture name={hero?.entry ?? "hero"} alt={hero?.alt ?? ""} sizes="100vw" priority className="hero__img" />
        <div className="hero__content container">
          <p className="hero__eyebrow">
            {site.name} · {site.address.locality}
          </p>
          <h1 id="hero-title">{t("home.hero.title")}</h1>
          <p className="hero__lead">{t("home.hero.lead", { locality })}</p>
          <BookingLink className="btn hero__cta">{t("home.hero.cta")}</BookingLink>
        </div>
      </section>

      <section id="about" className="section about" aria-labelledby="about-title">
        <div className="container about__grid">
          <Picture
            name="about"
            alt={t("home.about.imageAlt")}
            sizes="(min-width: 900px) 440px, calc(100vw - 2rem)"
            className="about__img"
          />
          <div>
            <p className="eyebrow">{t("home.about.eyebrow")}</p>
            <h2 id="about-title">{t("home.about.title")}</h2>
            <p>
              {t("home.about.story", {
                name: site.name,
                years: site.founder.yearsExperience.replace("+", ""),
                locality,
              })}
            </p>
            <p>{t("home.about.advice")}</p>
            <ul className="about__points">
              <li>{t("home.about.points.sterilised")}</li>
              <li>{t("home.about.points.freehand")}</li>
              <li>{t("home.about.points.certified")}</li>
            </ul>
            <Link to={href("/equipo#team")} className="btn btn--outline">
              {t("home.about.teamLink")}
            </Link>
          </div>
        </div>
      </section>

      <section id="servicios" className="section section--blush" aria-labelledby="servicios-title">
        <div className="container">
          <p className="eyebrow">{t("home.services.eyebrow")}</p>
          <h2 id="servicios-title">{t("home.services.title")}</h2>
          <ol className="services">
            {services.map((service) => (
              <li key={service.number} className="card service">
                <Picture
                  name={service.image}
                  alt=""
                  sizes="(min-width: 1024px) 264px, (min-width: 640px) calc(50vw - 2.5rem), calc(100vw - 2rem)"
                  className="service__img"
                  deferred
                />
                <div className="service__body">
                  <p className="service__number" aria-hidden="true">
                    {service.number}
                  </p>
                  <h3>
                    <span className="visually-hidden">{service.number}. </span>
                    {t(service.words.title)}
                  </h3>
                  <p>{t(service.words.text)}</p>
                  <Link to={href(service.action.to)} className="service__link">
                    {t(service.action.label)}
                    <span className="visually-hidden">{` ${t(service.words.linkHint)}`}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="trabajos" className="section" aria-labelledby="trabajos-title">
        <div className="container">
          <p className="eyebrow">{t("home.gallery.eyebrow")}</p>
          {photos ? (
            <>
              <h2 id="trabajos-title">{t("home.gallery.photosTitle")}</h2>
              <p className="section__intro">{t("home.gallery.photosIntro")}</p>
            </>
          ) : (
            <>
              <h2 id="trabajos-title">{t("home.gallery.stylesTitle")}</h2>
              <p className="section__intro">{t("home.gallery.stylesIntro")}</p>
            </>
          )}
          <Gallery
            images={galleryItems}
            label={photos ? t("home.gallery.photosLabel") : t("home.gallery.stylesLabel")}
          />
          <figure className="salon">
            <ZoomableImage
              name="salon"
              alt={t("home.salon.imageAlt", { name: site.name })}
              sizes="(min-width: 960px) 880px, calc(100vw - 2rem)"
              className="salon__img"
            />
            <figcaption>
              <Rich t={t} k="home.salon.caption" values={{ locality }} tags={{ strong: (c) => <strong>{c}</strong> }} />
            </figcaption>
          </figure>
        </div>
      </section>

      <section id="ubicacion" className="section section--blush" aria-labelledby="ubicacion-title">
        <div className="container location">
          <div className="location__info">
            <p className="eyebrow">{t("home.location.eyebrow")}</p>
            <h2 id="ubicacion-title">{t("home.location.title")}</h2>
            <h3>{t("home.location.address")}</h3>
            <PostalAddress />
            <h3>{t("home.location.hours")}</h3>
            <ul className="location__hours">
              {hours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <h3>{t("home.location.phone")}</h3>
            <p>
              <a href={site.phone.href} className="location__phone">
                <span className="visually-hidden">{`${t("home.location.call")} `}</span>
                {site.phone.display}
              </a>
            </p>
            <BookingLink className="btn">{t("home.location.cta")}</BookingLink>
            <h3>{t("home.location.follow")}</h3>
            <ul className="location__social">
              <li>
                <NewTabLink href={site.social.instagram.url}>
                  <InstagramIcon />
                  Instagram <span className="location__handle">{site.social.instagram.handle}</span>
                </NewTabLink>
              </li>
              <li>
                <NewTabLink href={site.social.facebook.url}>
                  <FacebookIcon />
                  Facebook
                </NewTabLink>
              </li>
            </ul>
          </div>
          <div className="card map">
            <Picture
              name="mapa"
              alt={t("home.location.mapAlt", { locality, street: site.address.street })}
              sizes="(min-width: 900px) 540px, calc(100vw - 2rem)"
              className="map__img"
            />
            <div className="map__body">
              <p className="map__rating">
                <span className="map__stars" aria-hidden="true">
                  ★★★★☆
                </span>
                <Rich
                  t={t}
                  k="home.location.rating"
                  values={{ value: ratingText, count: site.rating.count }}
                  tags={{ strong: (c) => <strong>{c}</strong> }}
                />
              </p>
              <div className="map__links">
                <NewTabLink href={site.maps.directions} className="btn">
                  {t("home.location.directions")}
                </NewTabLink>
                <NewTabLink href={site.maps.place} className="btn btn--outline">
                  {t("home.location.enlargeMap")}
                </NewTabLink>
              </div>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
