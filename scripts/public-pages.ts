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
