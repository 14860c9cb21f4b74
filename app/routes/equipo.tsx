import { Link } from "react-router";
import type { Route } from "./+types/equipo";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import { ZoomableImage } from "~/components/image-modal.tsx";
import { site } from "~/content/site.ts";
import { founder, teamMembers } from "~/content/team.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import { getServices } from "~/context.server.ts";
import { publicPhotos } from "~/media/site-photos.server.ts";

/** The team's group photo and the portraits, where Gestión → Fotos has them (else the monogram cards). */
export async function loader({ context }: Route.LoaderArgs) {
  const { team, professionals } = await publicPhotos(getServices(context).db, ["team", "professional"]);
  return { team, professionals };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Nuestro equipo",
    description: `Conoce a ${site.founder.name} y al equipo de ${site.name} en ${site.address.locality}: técnicas de uñas, nail art a mano alzada, pedicura y tratamientos faciales.`,
    path: "/equipo",
    origin: rootOrigin(matches),
  });

export default function Equipo({ loaderData }: Route.ComponentProps) {
  const { team, professionals } = loaderData;
  const founderPhoto = professionals[founder.professionalId];
  return (
    <>
      <section className="page-hero" aria-labelledby="equipo-title">
        <div className="container">
          <p className="eyebrow">Equipo</p>
          <h1 id="equipo-title">Manos expertas, trato cercano</h1>
          <p className="page-hero__lead">
            Somos un equipo de mujeres apasionadas por las uñas y el cuidado personal. Cada una tiene su especialidad,
            pero todas compartimos lo mismo: escucharte, trabajar con higiene impecable y que salgas del salón
            sintiéndote estupenda.
          </p>
        </div>
      </section>

      <section className="section founder" aria-labelledby="founder-title">
        <div className="container founder__grid">
          <div className="founder__photo">
            <ZoomableImage
              name={founderPhoto?.entry ?? founder.image}
              alt={founderPhoto?.alt ?? founder.alt}
              sizes="(min-width: 900px) 400px, calc(100vw - 2rem)"
              className="founder__img"
              priority
            />
            <p className="founder__badge">
              <strong aria-hidden="true">{site.founder.yearsExperience}</strong> <span>{founder.experience}</span>
            </p>
          </div>
          <div>
            <h2 id="founder-title">{founder.name}</h2>
            <p className="founder__role">{founder.role}</p>
            {founder.description.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
            <div className="founder__lists">
              <div>
                <h3>Especialidades</h3>
                <ul className="ticks">
                  {founder.specialties.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
              <div>
                <h3>Certificaciones</h3>
                <ul className="ticks">
                  {founder.certifications.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section className="section section--blush" aria-labelledby="salon-team-title">
        <div className="container team-photo">
          <h2 id="salon-team-title">Todas juntas</h2>
          <figure>
            <ZoomableImage
              name={team?.entry ?? "team-group"}
              alt={
                team?.alt ??
                `Las seis tarjetas del equipo de ${site.name}, cada una con las iniciales de una profesional y un motivo de su especialidad`
              }
              sizes="(min-width: 960px) 880px, calc(100vw - 2rem)"
              className="team-photo__img"
              deferred
            />
            {team ? (
              <figcaption>Así somos en el salón. Pulsa la foto para verla en grande.</figcaption>
            ) : (
              <figcaption>
                Una tarjeta por profesional, con sus iniciales y un motivo de su especialidad. Pulsa la imagen para
                verla en grande.
              </figcaption>
            )}
          </figure>
        </div>
      </section>

      <section id="team" className="section" aria-labelledby="team-title">
        <div className="container">
          <p className="eyebrow">Profesionales</p>
          <h2 id="team-title">Conoce a nuestro equipo</h2>
          <ul className="team">
            {teamMembers.map((member) => (
              <li key={member.name} className="card member">
                <ZoomableImage
                  name={professionals[member.professionalId]?.entry ?? member.image}
                  alt={professionals[member.professionalId]?.alt ?? member.alt}
                  sizes="(min-width: 1024px) 200px, (min-width: 640px) calc(50vw - 2.5rem), calc(100vw - 2rem)"
                  className="member__img"
                  deferred
                />
                <div className="member__body">
                  <h3>{member.name}</h3>
                  <p className="member__role">{member.role}</p>
                  <h4 className="member__label">Especialidades</h4>
                  <ul className="member__specialties">
                    {member.highlight ? (
                      <li className="member__highlight">
                        <span className="member__badge">Especialidad destacada</span>
                        {member.highlight}
                      </li>
                    ) : null}
                    {member.specialties.map((item) => (
                      <li key={item}>{item}</li>
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
          <h2 id="cta-title">¿Te apetece conocernos?</h2>
          <p>
            Reserva tu cita y cuéntanos qué te apetece: te aconsejaremos con cariño. Y si quieres aprender el oficio,
            mira nuestras formaciones.
          </p>
          <div className="cta__actions">
            <BookingLink className="btn">RESERVA TU CITA</BookingLink>
            <Link to="/formaciones" className="btn btn--outline">
              Ver formaciones
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
