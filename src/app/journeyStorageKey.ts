/** The sessionStorage name of the journey's sealed snapshot: the page checks it before it loads the app (main.ts). */
export const STORAGE_KEY = 'journey';
