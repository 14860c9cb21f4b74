// The "common" slice of a catalogue, made by the build (vite.config.ts, commonMessages).
declare module "virtual:common-messages/*" {
  const messages: Readonly<Record<string, string>>;
  export default messages;
}
