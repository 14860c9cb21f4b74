/**
 * Which language a chat question is written in (issue 34): Catalan, Spanish, or
 * unclear. People type without accents and mix the languages, so this counts
 * words that belong to one language only ("quin", "obriu", "dilluns", "l'…"
 * against "cuál", "abrís", "lunes"); words both share ("hola", "manicura",
 * "preu"/"precio" aside) count for neither. The answer follows the question when
 * it is clearly one language, else the page's. Pure.
 */
import type { Locale } from "~/i18n/locales.ts";

/** Words (folded: lower case, no accents) only Catalan uses. */
const CATALAN_WORDS = new Set(
  (
    "quin quina quins quines quant quanta quants quantes quan com on sou esteu teniu teneu feu obriu tanqueu " +
    "podeu voleu sabeu doneu oferiu cobreu accepteu poseu aneu " +
    "vull voldria puc pots pot haig necessito m'agradaria agradaria " +
    "horari horaris preu preus cost durada adreca carrer aparcar aparcament cotxe prop vora " +
    "dilluns dimarts dimecres dijous divendres dissabte dissabtes diumenge diumenges avui dema mati tarda nit migdia " +
    "setmana setmanes mes_que_ve proxim proxima propera propers properes " +
    "hi el la els amb sense per pel pels als dels del_ dels aquest aquesta aquests aquestes " +
    "curs cursos formacio formacions inscripcio matricula classe classes alumnes " +
    "gracies merci adeu bon bona bones fins aviat " +
    "ungles pestanyes celles peus mans semipermanent reomplert treure " +
    "com_s pagar_a terminis quotes termini tambe tampoc molt molta moltes molts " +
    "si_us_plau sisplau siusplau vosaltres vostre vostra nosaltres jo " +
    "qui tens vol dir inclou inclos posa acceptes passes recomanes recomaneu donaran feina gent aixo " +
    "fer fa fan anar venir cal soc som ets ser estar esta estic lloc forat lliure lliures hora hores obert oberts oberta"
  )
    .split(/\s+/)
    .filter((w) => !w.includes("_")),
);

/** Words (folded) only Spanish uses. */
const SPANISH_WORDS = new Set(
  (
    "que_es cual cuales cuanto cuanta cuantos cuantas cuando donde estais teneis haceis abris cerrais " +
    "podeis quereis sabeis dais ofreceis cobrais aceptais poneis " +
    "quiero quisiera puedo puedes necesito gustaria " +
    "horario precio precios coste duracion direccion calle aparcamiento coche cerca " +
    "lunes martes miercoles jueves viernes sabado sabados domingo domingos hoy manana tarde noche mediodia " +
    "semana semanas proximo proxima " +
    "hay el la los las con sin para por este esta estos estas " +
    "curso cursos formacion formaciones inscripcion clase clases alumnas alumnos " +
    "gracias adios buenos buenas buen hasta luego pronto " +
    "unas pestanas cejas pies manos semipermanente relleno quitar " +
    "plazos cuotas tambien tampoco mucho mucha muchas muchos " +
    "por_favor favor vosotras vuestro vuestra nosotras yo " +
    "hacer hace hacen ir venir hace_falta soy somos eres ser estar esta estoy sitio hueco libre libres hora horas abierto abiertos abierta " +
    "y muy"
  )
    .split(/\s+/)
    .filter((w) => !w.includes("_")),
);

/** Words spelled alike in both languages: they tell nothing. */
for (const w of [...CATALAN_WORDS]) {
  if (SPANISH_WORDS.has(w)) {
    CATALAN_WORDS.delete(w);
    SPANISH_WORDS.delete(w);
  }
}

/** How many more marker words one language needs to be "clearly" the question's. */
const MARGIN = 1;

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2019\u02bc`´]/g, "'");

/**
 * "ca" or "es" when the question is clearly written in that language, null when
 * it is too short or too mixed to tell.
 */
export function detectLanguage(text: string): Locale | null {
  const folded = fold(text);
  let ca = 0;
  let es = 0;
  // Elision ("l'adreca", "d'iniciacio", "m'agradaria", "s'hi") and the middle dot ("cancel·lar") are Catalan only.
  ca += (folded.match(/(?<![\p{L}])[ldmnst]'(?=\p{L})/gu) ?? []).length;
  // Enclitic pronouns after an apostrophe: "explica'm", "canta'ns", "porta'l".
  ca += (folded.match(/\p{L}'(?:m|t|s|n|l|ns|ls|hi|ho)(?![\p{L}])/gu) ?? []).length;
  ca += (folded.match(/\p{L}[·.]l\p{L}/gu) ?? []).filter((m) => m.includes("·")).length;
  for (const word of folded.match(/[\p{L}]+/gu) ?? []) {
    if (CATALAN_WORDS.has(word)) ca += 1;
    else if (SPANISH_WORDS.has(word)) es += 1;
  }
  // "ñ" is Spanish only ("uñas"; Catalan writes "ny").
  if (/ñ/.test(text.toLowerCase())) es += 1;
  if (ca >= es + MARGIN && ca > 0) return "ca";
  if (es >= ca + MARGIN && es > 0) return "es";
  return null;
}

/** The language to answer in: the question's when it is clear, else the page's. */
export function replyLanguage(text: string, pageLanguage: Locale): Locale {
  return detectLanguage(text) ?? pageLanguage;
}
