/** Why a reset link is refused (shared by the reset action and its page). */
export const tokenMessages = {
  used: "Este enlace ya se ha utilizado. Si necesitas cambiar la contraseña otra vez, pide un enlace nuevo.",
  expired: "Este enlace ha caducado: solo es válido durante 1 hora. Pide uno nuevo.",
  unknown: "Este enlace no es válido. Comprueba que lo has copiado entero o pide uno nuevo.",
} as const;
