/** Every server-rendered public page, for the HTML checker and Lighthouse. */
export const publicPages = [
  "/",
  "/equipo",
  "/contacto",
  "/formaciones",
  // every filter of the catalogue (app/domain/course.ts COURSE_FILTERS) and every seeded course
  "/formaciones?categoria=iniciacion",
  "/formaciones?categoria=profesional",
  "/formaciones?categoria=experto",
  "/formaciones?categoria=intensivo",
  "/formaciones/formacion-inicio",
  "/formaciones/tecnico-manicurista",
  "/formaciones/expert-nails",
  "/formaciones/iniciacion-acrilico",
  "/carrito",
  "/login",
  "/registro",
  "/forgot-password",
  "/cancel",
  "/success",
  "/privacy",
  "/terms",
  "/aviso-legal",
  "/cookies",
];

/** Pages that must answer 404 (still a full, valid Spanish page). */
export const notFoundPages = ["/esta-pagina-no-existe", "/formaciones/curso-inexistente"];

/**
 * Pages of a signed-in customer (checked with a fresh account's session), with
 * the status each must answer: the staff area refuses customers with a 403 page.
 */
export const signedInPages: [path: string, status: number][] = [
  ["/perfil/datos", 200],
  ["/perfil/cursos", 200],
  ["/perfil/compras", 200],
  ["/perfil/ajustes", 200],
  ["/mis-cursos", 200],
  ["/checkout/expert-nails", 200],
  ["/checkout/formacion-inicio", 200],
  ["/verificar-email", 200],
  ["/gestion", 403],
];

/**
 * Every staff screen, seen by an owner (`edition` is "<courseId>|<editionId>" of a
 * seeded edition), with the status each must answer.
 */
export function staffPages(edition: string): [path: string, status: number][] {
  const [courseId, editionId] = edition.split("|");
  return [
    ["/gestion", 200],
    ["/gestion/pedidos", 200],
    ["/gestion/pedidos?estado=desconocido&desde=ayer&pagina=-3", 200],
    ["/gestion/cursos", 200],
    ["/gestion/cursos/nuevo", 200],
    [`/gestion/cursos/${courseId}`, 200],
    [`/gestion/cursos/${courseId}/convocatorias/nueva`, 200],
    [`/gestion/cursos/${courseId}/convocatorias/${editionId}`, 200],
    [`/gestion/cursos/${courseId}/convocatorias/${editionId}/cancelar`, 200],
    ["/gestion/convocatorias", 200],
    [`/gestion/convocatorias/${editionId}/alumnos`, 200],
    [`/gestion/convocatorias/${editionId}/alumnos?imprimir=1`, 200],
    ["/gestion/avisos", 200],
    ["/gestion/seguridad", 200],
    ["/gestion/equipo", 200],
    ["/gestion/auditoria", 200],
    ["/gestion/facturas", 200],
    ["/gestion/facturas?periodo=basura&pagina=9", 200],
    ["/gestion/datos-fiscales", 200],
    ["/gestion/pedidos/no-existe", 404],
    ["/gestion/activar/enlace-que-no-existe", 404],
  ];
}
