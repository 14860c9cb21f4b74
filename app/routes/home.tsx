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
import { hoursLines, site } from "~/content/site.ts";
import { decimalText } from "~/domain/es-format.ts";
import { jsonLd, pageMeta, rootOrigin } from "~/lib/seo.ts";
import { PostalAddress } from "~/components/postal-address.tsx";
import { getServices } from "~/context.server.ts";
import { publicPhotos } from "~/media/site-photos.server.ts";

/** The salon's own hero and gallery photos, where Gestión → Fotos has them (else the artwork). */
export async function loader({ context }: Route.LoaderArgs) {
  const { hero, gallery } = await publicPhotos(getServices(context).db, ["hero", "gallery"]);
  return { hero, gallery };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = rootOrigin(matches);
  return [
    ...pageMeta({
      title: `${site.name} · Salón de uñas y academia en ${site.address.locality}`,
      description: site.description,
      path: "/",
      origin,
    }),
    jsonLd(salonJsonLd(origin)),
  ];
};

interface Service {
  number: string;
  title: string;
  text: string;
  image: ImageName;
  /** Salon services lead to their part of /servicios; courses to /formaciones. */
  action: { to: string; label: string; hidden: string };
}

const services: Service[] = [
  {
    number: "01",
    title: "Tratamientos faciales",
    text: "Limpieza, hidratación y luminosidad pensadas para tu piel. Sales con la cara descansada y una rutina fácil para casa.",
    image: "service-facial",
    action: { to: "/servicios#facial", label: "Ver precios", hidden: " de los tratamientos faciales" },
  },
  {
    number: "02",
    title: "Manicura",
    text: "Semipermanente, esmaltado clásico, uñas esculpidas y nail art a mano alzada. Manos impecables durante semanas.",
    image: "service-manicura",
    action: { to: "/servicios#manos", label: "Ver precios", hidden: " de manicura" },
  },
  {
    number: "03",
    title: "Pedicura",
    text: "Cuidado completo de durezas y cutículas, masaje relajante y un color que aguanta. Pies listos para las sandalias.",
    image: "service-pedicura",
    action: { to: "/servicios#pies", label: "Ver precios", hidden: " de pedicura" },
  },
  {
    number: "04",
    title: "Formaciones",
    text: "Aprende el oficio con nosotras: cursos desde cero hasta nivel experto, en grupos reducidos y con certificado.",
    image: "service-formaciones",
    action: { to: "/formaciones", label: "Más información", hidden: " sobre las formaciones" },
  },
];

const ratingText = decimalText(site.rating.value, 1);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, gallery } = loaderData;
  // Real photos make the gallery "our work"; the artwork is shown as the styles we do.
  const photos = gallery.length > 0;
  const galleryItems = photos
    ? gallery.map((p, i) => ({ name: p.entry, alt: p.alt, title: p.caption ?? `Trabajo ${i + 1}` }))
    : galleryImages;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <Picture name={hero?.entry ?? "hero"} alt={hero?.alt ?? ""} sizes="100vw" priority className="hero__img" />
        <div className="hero__content container">
          <p className="hero__eyebrow">
            {site.name} · {site.address.locality}
          </p>
          <h1 id="hero-title">{site.tagline}</h1>
          <p className="hero__lead">
            Manicura, pedicura, diseño de uñas y tratamientos faciales en el centro de {site.address.locality}. Reserva
            tu momento y déjate cuidar.
          </p>
          <BookingLink className="btn hero__cta">RESERVA TU CITA</BookingLink>
        </div>
      </section>

      <section id="about" className="section about" aria-labelledby="about-title">
        <div className="container about__grid">
          <Picture
            name="about"
            alt="Ilustración de una mesa de manicura con lámpara, un abanico de muestras de color y esmaltes en tonos rosa y ciruela"
            sizes="(min-width: 900px) 440px, calc(100vw - 2rem)"
            className="about__img"
          />
          <div>
            <p className="eyebrow">Sobre nosotras</p>
            <h2 id="about-title">Un salón donde tus manos son lo primero</h2>
            <p>
              En {site.name} llevamos más de {site.founder.yearsExperience.replace("+", "")} años cuidando manos y pies
              en {site.address.locality}. Trabajamos sin prisas, con material desinfectado y esterilizado en cada cita y
              productos de calidad que respetan tu uña natural.
            </p>
            <p>
              Te escuchamos, te aconsejamos la forma y el color que mejor te sientan y creamos diseños que duran. Y si
              quieres dedicarte a esto, en nuestra academia te enseñamos el oficio paso a paso.
            </p>
            <ul className="about__points">
              <li>Material esterilizado en cada servicio</li>
              <li>Diseños a mano alzada, hechos para ti</li>
              <li>Formaciones con certificado</li>
            </ul>
            <Link to="/equipo#team" className="btn btn--outline">
              Conoce a nuestro equipo
            </Link>
          </div>
        </div>
      </section>

      <section id="servicios" className="section section--blush" aria-labelledby="servicios-title">
        <div className="container">
          <p className="eyebrow">Servicios</p>
          <h2 id="servicios-title">Lo que hacemos por ti</h2>
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
                    {service.title}
                  </h3>
                  <p>{service.text}</p>
                  <Link to={service.action.to} className="service__link">
                    {service.action.label}
                    <span className="visually-hidden">{service.action.hidden}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="trabajos" className="section" aria-labelledby="trabajos-title">
        <div className="container">
          <p className="eyebrow">Galería</p>
          {photos ? (
            <>
              <h2 id="trabajos-title">Nuestros trabajos</h2>
              <p className="section__intro">
                Una muestra de lo que hacemos cada día. ¿Te gusta algún diseño? Enséñanoslo en tu cita y lo adaptamos a
                ti.
              </p>
            </>
          ) : (
            <>
              <h2 id="trabajos-title">Estilos que hacemos</h2>
              <p className="section__intro">
                Ilustraciones de los estilos que más nos piden. ¿Te gusta alguno? Cuéntanoslo en tu cita y lo adaptamos
                a ti.
              </p>
            </>
          )}
          <Gallery images={galleryItems} label={photos ? "Galería de trabajos" : "Galería de estilos"} />
          <figure className="salon">
            <ZoomableImage
              name="salon"
              alt={`Ilustración del interior del salón ${site.name}: espejos en arco, mesa de manicura con lámpara, sillones de terciopelo y una pared de esmaltes`}
              sizes="(min-width: 960px) 880px, calc(100vw - 2rem)"
              className="salon__img"
            />
            <figcaption>
              <strong>Nuestro salón.</strong> Un espacio luminoso y tranquilo en pleno centro de {site.address.locality}
              . Pulsa la foto para verla en grande.
            </figcaption>
          </figure>
        </div>
      </section>

      <section id="ubicacion" className="section section--blush" aria-labelledby="ubicacion-title">
        <div className="container location">
          <div className="location__info">
            <p className="eyebrow">Ubicación</p>
            <h2 id="ubicacion-title">Ven a vernos</h2>
            <h3>Dirección</h3>
            <PostalAddress />
            <h3>Horario</h3>
            <ul className="location__hours">
              {hoursLines().map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <h3>Teléfono</h3>
            <p>
              <a href={site.phone.href} className="location__phone">
                <span className="visually-hidden">Llamar al </span>
                {site.phone.display}
              </a>
            </p>
            <BookingLink className="btn">RESERVA AHORA</BookingLink>
            <h3>Síguenos</h3>
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
              alt={`Mapa ilustrado del centro de ${site.address.locality}, entre el río Llobregat y la vía del tren, con la ubicación del salón en ${site.address.street}`}
              sizes="(min-width: 900px) 540px, calc(100vw - 2rem)"
              className="map__img"
            />
            <div className="map__body">
              <p className="map__rating">
                <span className="map__stars" aria-hidden="true">
                  ★★★★☆
                </span>
                <strong>{ratingText}</strong> de 5 · {site.rating.count} reseñas
              </p>
              <div className="map__links">
                <NewTabLink href={site.maps.directions} className="btn">
                  Cómo llegar
                </NewTabLink>
                <NewTabLink href={site.maps.place} className="btn btn--outline">
                  Ampliar mapa
                </NewTabLink>
              </div>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
