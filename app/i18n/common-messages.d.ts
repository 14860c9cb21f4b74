// The "common" slice of a catalogue, made by the build (vite.config.ts, commonMessages).
declare module "virtual:common-messages/*" {
  const messages: import("./messages.ts").Messages;
  export default messages;
}
