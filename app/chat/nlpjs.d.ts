// NLP.js ships no type declarations; these cover only what nlp.server.ts uses.
declare module "@nlpjs/core" {
  export interface NlpContainer {
    use(plugin: unknown): void;
    get<T = unknown>(name: string): T;
    register(name: string, instance: unknown, isSingleton?: boolean): void;
    registerConfiguration(tag: string, configuration: Record<string, unknown>, overwrite?: boolean): void;
  }
  const core: { containerBootstrap(): NlpContainer };
  export default core;
}
declare module "@nlpjs/nlp" {
  const nlp: { Nlp: new (settings: Record<string, unknown>) => unknown };
  export default nlp;
}
declare module "@nlpjs/lang-es" {
  const langEs: { LangEs: unknown };
  export default langEs;
}
