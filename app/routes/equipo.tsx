import { Link } from "react-router";
import type { Route } from "./+types/equipo";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import { ZoomableImage } from "~/components/image-modal.tsx";
import { site } from "~/content/site.ts";
import { founder, teamMembers } from "~/content/team.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import { getServices } from "~/context.server.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import { publicPhotos } from "~/media/site-photos.server.ts";

/** The team's group photo and the portraits, where Gestión → Fotos has them (else the monogram cards). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { team, professionals } = await publicPhotos(getServices(context).db, ["team", "professional"]);
  return { team, professionals, messages: messagesFor(localeOfRequest(request), ["team"]) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("team.meta.title"),
    description: t("team.meta.description", {
      founder: site.founder.name,
      salon: site.name,
      locality: site.address.locality,
    }),
    path: "/equipo",
    origin: rootOrigin(matches),
    locale,
  });
};

export default function Equipo({ loaderData }: Route.ComponentProps) {
  const { team, professionals } = loaderData;
  const founderPhoto = professionals[founder.professionalId];
  const t = useT();
  const href = useLocalHref();
  const people = { name: site.founder.name, salon: site.name };
  return (
    <>
      <section className="page-hero" aria-labelledby="equipo-title">
        <div className="container">
          <p className="eyebrow">{t("team.hero.eyebrow")}</p>
          <h1 id="equipo-title">{t("team.hero.title")}</h1>
          <p className="page-hero__lead">{t("team.hero.lead")}</p>
        </div>
      </section>

      <section className="section founder" aria-labelledby="founder-title">
        <div className="container founder__grid">
          <div className="founder__photo">
            <ZoomableImage
              name={founderPhoto?.entry ?? founder.image}
              alt={founderPhoto?.alt ?? t(founder.altKey, people)}
              sizes="(min-width: 900px) 400px, calc(100vw - 2rem)"
              className="founder__img"
              priority
            />
            <p className="founder__badge">
              <strong aria-hidden="true">{site.founder.yearsExperience}</strong>{" "}
              <span>{t(founder.experienceKey, { years: site.founder.yearsExperience.replace("+", "") })}</span>
            </p>
          </div>
          <div>
            <h2 id="founder-title">{founder.name}</h2>
            <p className="founder__role">{t(founder.roleKey)}</p>
            {founder.descriptionKeys.map((key) => (
              <p key={key}>{t(key, people)}</p>
            ))}
            <div className="founder__lists">
              <div>
                <h3>{t("team.founder.specialtiesTitle")}</h3>
                <ul className="ticks">
                  {founder.specialtyKeys.map((key) => (
                    <li key={key}>{t(key)}</li>
                  ))}
                </ul>
              </div>
              <div>
                <h3>{t("team.founder.certificationsTitle")}</h3>
                <ul className="ticks">
                  {founder.certificationKeys.map((key) => (
                    <li key={key}>{t(key)}</li>
                  ))}
                </ul>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section className="section section--blush" aria-labelledby="salon-team-title">
        <div className="container team-photo">
          <h2 id="salon-team-title">{t("team.group.title")}</h2>
          <figure>
            <ZoomableImage
              name={team?.entry ?? "team-group"}
              alt={team?.alt ?? t("team.group.alt", { salon: site.name })}
              sizes="(min-width: 960px) 880px, calc(100vw - 2rem)"
              className="team-photo__img"
              deferred
            />
            {team ? (
              <figcaption>{t("team.group.captionPhoto")}</figcaption>
            ) : (
              <figcaption>{t("team.group.captionCards")}</figcaption>
            )}
          </figure>
        </div>
      </section>

      <section id="team" className="section" aria-labelledby="team-title">
        <div className="container">
          <p className="eyebrow">{t("team.members.eyebrow")}</p>
          <h2 id="team-title">{t("team.members.title")}</h2>
          <ul className="team">
            {teamMembers.map((member) => (
              <li key={member.name} className="card member">
                <ZoomableImage
                  name={professionals[member.professionalId]?.entry ?? member.image}
                  alt={professionals[member.professionalId]?.alt ?? t(member.altKey)}
                  sizes="(min-width: 1024px) 200px, (min-width: 640px) calc(50vw - 2.5rem), calc(100vw - 2rem)"
                  className="member__img"
                  deferred
                />
                <div className="member__body">
                  <h3>{member.name}</h3>
                  <p className="member__role">{t(member.roleKey)}</p>
                  <h4 className="member__label">{t("team.members.specialtiesLabel")}</h4>
                  <ul className="member__specialties">
                    {member.highlightKey ? (
                      <li className="member__highlight">
                        <span className="member__badge">{t("team.members.highlightBadge")}</span>
                        {t(member.highlightKey)}
                      </li>
                    ) : null}
                    {member.specialtyKeys.map((key) => (
                      <li key={key}>{t(key)}</li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--blush cta" aria-labelledby="cta-title">
        <div className="container cta__box">
          <h2 id="cta-title">{t("team.cta.title")}</h2>
          <p>{t("team.cta.text")}</p>
          <div className="cta__actions">
            <BookingLink className="btn">{t("team.cta.book")}</BookingLink>
            <Link to={href("/formaciones")} className="btn btn--outline">
              {t("team.cta.courses")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
