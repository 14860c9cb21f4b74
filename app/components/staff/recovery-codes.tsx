/** The ten recovery codes, shown once right after they are made (activation, regeneration). */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <section className="staff-auth__recovery" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">Tus códigos de recuperación</h2>
      <p>
        <strong>Guárdalos ahora en un lugar seguro: no se volverán a mostrar.</strong> Si pierdes el móvil, cada código
        sirve una sola vez en lugar del código de la aplicación.
      </p>
      <ol className="staff-auth__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}
