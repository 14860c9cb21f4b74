/** Why a verification link is refused (shared by the action and its page; safe in the browser). */
export const verificationMessages = {
  used: "Este enlace ya se ha utilizado. Si tu correo aún no está confirmado, pide un enlace nuevo.",
  expired: "Este enlace ha caducado: solo es válido durante 48 horas. Pide uno nuevo.",
  unknown: "Este enlace de verificación no es válido. Comprueba que lo has copiado entero o pide uno nuevo.",
} as const;
