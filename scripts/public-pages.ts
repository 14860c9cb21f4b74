/** Every server-rendered public page, for the HTML checker and Lighthouse. */
export const publicPages = [
  "/",
  "/equipo",
  "/contacto",
  "/formaciones",
  "/formaciones?categoria=experto",
  "/formaciones/formacion-inicio",
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
  ["/verificar-email", 200],
  ["/gestion", 403],
];
