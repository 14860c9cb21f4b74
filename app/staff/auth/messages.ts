/**
 * The Spanish texts of the staff's activation and second-factor pages, shared by
 * the pages and their server code (and compared word for word by the tests).
 */

/** How long a person locked out of the second factor waits (the staffCodeAccount window). */
export const STAFF_LOCKOUT_MINUTES = 15;

export const INVALID_LINK =
  "Este enlace de activación no es válido o ya no está disponible. Pide a la propietaria una invitación nueva.";

/** The link was opened (its "Continuar" button) in another browser: it serves only that one. */
export const LINK_OPENED_ELSEWHERE =
  "Este enlace de activación ya se abrió en otro navegador y solo se puede usar en ese. Termina la activación allí o, si no fuiste tú, pide a la propietaria una invitación nueva.";

export const activationMessages = {
  notOpened: "Abre primero la invitación en este navegador con el botón «Continuar».",
  codeRequired: "Introduce el código de 6 cifras de tu aplicación",
  codeWrong:
    "El código no es correcto. Comprueba que la hora del móvil está en automático y escribe el código que se ve ahora.",
  changed:
    "La cuenta de esta dirección ha cambiado mientras activabas el acceso. Recarga la página y vuelve a intentarlo.",
  google:
    "Esta dirección ya tiene una cuenta creada con Google, sin contraseña. Ponle una contraseña con «¿Has olvidado tu contraseña?» en la página de inicio de sesión y vuelve a abrir este enlace.",
  failed: "No se ha podido activar el acceso. Inténtalo de nuevo.",
} as const;

export const verifyMessages = {
  expired: "Tu inicio de sesión ha caducado o no es válido. Vuelve a iniciar sesión.",
  codeRequired: "Introduce el código de 6 cifras de tu aplicación o un código de recuperación",
  codeWrong: "El código no es correcto o ya se ha usado. Escribe el código que muestra ahora tu aplicación.",
  lockedOut: `Demasiados códigos incorrectos. Por seguridad, espera ${STAFF_LOCKOUT_MINUTES} minutos y vuelve a iniciar sesión.`,
  failed: "No se ha podido completar el inicio de sesión. Inténtalo de nuevo.",
} as const;
