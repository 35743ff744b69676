// The build-time module of the shell's scripts (src/build/shellScripts.ts): the enabled scripts' code only.
declare module 'virtual:shell-scripts' {
  /** Starts the scripts the build enabled (service worker, heat map, push messaging); called by the page after its first screen is drawn. */
  export function startShellScripts(): void;
}
