/**
 * The invoicing software as it declares itself in every billing record (the SistemaInformatico
 * block of SuministroInformacion.xsd) and in its "declaración responsable" (docs/invoicing.md):
 * who produced it, its name, id, version and the installation. Set with the VERIFACTU_PRODUCER_*
 * and VERIFACTU_SYSTEM_* variables (app/config.server.ts). Pure.
 */
import { validateTaxId } from "~/domain/tax-id.ts";

export interface SoftwareIdentity {
  /** NombreRazon of the producer (max 120); null: not configured (only allowed with VERIFACTU_MODE=off). */
  producerName: string | null;
  /** NIF of the producer; null: not configured. */
  producerNif: string | null;
  /** NombreSistemaInformatico (max 30). */
  systemName: string;
  /** IdSistemaInformatico (max 2). */
  systemId: string;
  /** Version (max 50). */
  version: string;
  /** NumeroInstalacion (max 100). */
  installationNumber: string;
}

/** What the project declares when nothing is configured. */
export const DEFAULT_SOFTWARE: SoftwareIdentity = {
  producerName: null,
  producerNif: null,
  systemName: "Alejandra Nails web",
  systemId: "AN",
  version: "1.0",
  installationNumber: "1",
};

/**
 * The flags the records carry. TipoUsoPosibleSoloVerifactu "S": for the Reglamento's purposes the
 * software works only as VERI*FACTU; VERIFACTU_MODE=off is a development mode that neither sends
 * nor signs, not a lawful "no VERI*FACTU" system (docs/invoicing.md, "Modes"). It serves one
 * obligado tributario (the salon), and this installation holds one.
 */
export const SOFTWARE_FLAGS = {
  TipoUsoPosibleSoloVerifactu: "S",
  TipoUsoPosibleMultiOT: "N",
  IndicadorMultiplesOT: "N",
} as const;

/** The variable that sets each field. */
export const SOFTWARE_ENV = {
  producerName: "VERIFACTU_PRODUCER_NAME",
  producerNif: "VERIFACTU_PRODUCER_NIF",
  systemName: "VERIFACTU_SYSTEM_NAME",
  systemId: "VERIFACTU_SYSTEM_ID",
  version: "VERIFACTU_SYSTEM_VERSION",
  installationNumber: "VERIFACTU_INSTALLATION_NUMBER",
} as const satisfies Record<keyof SoftwareIdentity, string>;

/** Maximum lengths of SuministroInformacion.xsd (TextMax120Type, TextMax30Type, TextMax2Type, TextMax50Type, TextMax100Type). */
const MAX_LENGTH: Record<keyof SoftwareIdentity, number> = {
  producerName: 120,
  producerNif: 40, // checked by validateTaxId, which gives back the 9 characters
  systemName: 30,
  systemId: 2,
  version: 50,
  installationNumber: 100,
};

type Input = Partial<Record<keyof SoftwareIdentity, string | undefined>>;

/**
 * The identity from the (trimmed, possibly unset) variables, or every problem as
 * "VARIABLE: message". Producer name and NIF go together: both or neither.
 */
export function parseSoftwareIdentity(
  input: Input,
): { ok: true; value: SoftwareIdentity } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const value: SoftwareIdentity = { ...DEFAULT_SOFTWARE };
  for (const field of Object.keys(SOFTWARE_ENV) as (keyof SoftwareIdentity)[]) {
    const raw = input[field]?.trim();
    if (!raw) continue;
    if (Array.from(raw).length > MAX_LENGTH[field]) {
      problems.push(`${SOFTWARE_ENV[field]}: como mucho ${MAX_LENGTH[field]} caracteres`);
      continue;
    }
    value[field] = raw;
  }
  if (value.producerNif !== null) {
    const nif = validateTaxId(value.producerNif);
    if (nif.ok) value.producerNif = nif.value;
    else problems.push(`${SOFTWARE_ENV.producerNif}: ${nif.message}`);
  }
  if (!input.producerName?.trim() !== !input.producerNif?.trim()) {
    problems.push(`${SOFTWARE_ENV.producerName}/${SOFTWARE_ENV.producerNif}: hay que definir las dos o ninguna`);
  }
  return problems.length ? { ok: false, problems } : { ok: true, value };
}

/** The producer the records name: the configured one, or, when none is configured, the seller itself (see startWarnings). */
export function producerOf(software: SoftwareIdentity, seller: { legalName: string; nif: string }) {
  return software.producerName !== null && software.producerNif !== null
    ? { name: software.producerName, nif: software.producerNif }
    : { name: seller.legalName, nif: seller.nif };
}

/**
 * The lines the start logs as warnings about invoicing: VERIFACTU_MODE=off on a public site (a
 * development mode, not lawful for a business once RD 1007/2023 applies), and a VERI*FACTU mode
 * without a configured producer (the records would name the salon as the software's producer).
 */
export function invoicingStartWarnings(config: {
  verifactuMode: string;
  isLocalOrigin: boolean;
  publicUrl: string;
  software: SoftwareIdentity;
}): string[] {
  const lines: string[] = [];
  if (config.verifactuMode === "off" && !config.isLocalOrigin) {
    lines.push(
      `facturación: VERIFACTU_MODE=off en un sitio público (${config.publicUrl}) es un modo de desarrollo: los registros no se envían a la AEAT ni se firman, y no es legal para un negocio desde 2027 (RD 1007/2023); usa VERIFACTU_MODE=verifactu`,
    );
  }
  if (config.verifactuMode !== "off" && config.software.producerNif === null) {
    lines.push(
      `facturación: sin VERIFACTU_PRODUCER_NAME/VERIFACTU_PRODUCER_NIF los registros nombran al vendedor como productor del sistema informático`,
    );
  }
  return lines;
}
