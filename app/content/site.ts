/**
 * Every fact about the salon lives here and only here: pages, emails, JSON-LD
 * and the chat assistant all read from this module, so an address or phone
 * number never differs between two of them.
 */
const phoneE164 = "+34655482137";
const whatsappNumber = "34655482137";

export const site = {
  name: "Alejandra Nails",
  subtitle: "Nail & Beauty Studio · Academia",
  tagline: "Uñas impecables, manos cuidadas y una academia para aprender el oficio",
  description:
    "Salón de uñas y belleza en Molins de Rei (Barcelona): manicura, pedicura, diseño de uñas, tratamientos faciales y formaciones de técnica de uñas con certificado.",
  url: "https://www.alejandranails.es",
  address: {
    street: "Carrer Major, 48",
    postalCode: "08750",
    locality: "Molins de Rei",
    region: "Barcelona",
    country: "ES",
    countryName: "España",
    full: "Carrer Major, 48, 08750 Molins de Rei, Barcelona",
  },
  geo: { latitude: 41.4142, longitude: 2.0163 },
  phone: { e164: phoneE164, display: "655 48 21 37", href: `tel:${phoneE164}`, sms: `sms:${phoneE164}` },
  whatsapp: {
    number: whatsappNumber,
    display: "655 48 21 37",
    link: (message: string) => `https://wa.me/${whatsappNumber}?text=${encodeURIComponent(message)}`,
    defaultMessage: "¡Hola, Alejandra Nails! Me gustaría pedir información.",
  },
  email: "hola@alejandranails.es",
  hours: [
    { id: "weekdays", days: "Lunes a viernes", schemaDays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "21:00" },
    { id: "saturday", days: "Sábado", schemaDays: ["Saturday"], opens: "09:00", closes: "17:00" },
    { id: "sunday", days: "Domingo", schemaDays: ["Sunday"], opens: null, closes: null },
  ],
  social: {
    instagram: { url: "https://www.instagram.com/alejandranails.molins", handle: "@alejandranails.molins" },
    facebook: { url: "https://www.facebook.com/alejandranails.molins" },
    threads: { url: "https://www.threads.net/@alejandranails.molins" },
  },
  /**
   * The salon's booking page outside this site, offered as the default address in
   * Gestión → Reservas ("En una página externa"). Buttons never read it: they
   * follow the booking setting (the root loader's `booking`).
   */
  externalBookingUrl: "https://www.fresha.com/es/a/alejandra-nails-molins-de-rei-carrer-major-48",
  maps: {
    place: "https://www.google.com/maps/search/?api=1&query=Alejandra+Nails+Carrer+Major+48+Molins+de+Rei",
    directions:
      "https://www.google.com/maps/dir/?api=1&destination=Carrer+Major+48%2C+08750+Molins+de+Rei%2C+Barcelona",
  },
  rating: { value: 4.2, count: 97 },
  academy: {
    students: "500+",
  },
  /**
   * Whether the salon has its own car park. The advice for parking nearby is words, in both
   * languages in the catalogues (site.parking.advice, site.parking.transit). PENDIENTE DE REVISAR
   * por la propietaria: deliberately generic (no car park is named); replace it with the exact
   * advice you give clients.
   */
  parking: {
    own: false,
  },
  /**
   * The founder's years in the trade: the one figure the home page, /equipo and the
   * academy's figures all show ("10+", "más de 10 años"). PENDIENTE DE REVISAR por la propietaria.
   */
  founder: { name: "Alejandra Ruiz", yearsExperience: "10+" },

} as const;

export type HoursId = (typeof site.hours)[number]["id"];
