// Light and dark appearance (docs/decisions/0099-dark-mode.md). The choice belongs to the device,
// not the account: it is kept in the browser's localStorage, and `system` (no value kept) follows
// the device's own setting.

export const appearances = ['system', 'light', 'dark'] as const
export type Appearance = (typeof appearances)[number]
export type Theme = 'light' | 'dark'

export const APPEARANCE_STORAGE_KEY = 'picklematch:appearance'

// The browser's bar over the page (the HTML's theme-color), per theme.
export const themeColors: Record<Theme, string> = { light: '#15803d', dark: '#14532d' }

export const appearanceOf = (stored: string | null | undefined): Appearance =>
  stored === 'light' || stored === 'dark' ? stored : 'system'

export const themeOf = (appearance: Appearance, systemIsDark: boolean): Theme =>
  appearance === 'system' ? (systemIsDark ? 'dark' : 'light') : appearance

// Runs in the HTML's head, before the first paint, so a dark page never flashes light: it sets
// <html data-theme> (styles.css reads it) and the theme-color. The same steps as the app's
// applyTheme (web/lib/appearance.ts), written out because the Content Security Policy allows
// this exact text by its hash (server/middleware/response-headers.ts): the build puts it in
// the HTML as it is (scripts/vite/index-html.ts). Plain ES5, no line breaks.
export const appearanceScript =
  '(function(){var t;try{t=localStorage.getItem(' +
  JSON.stringify(APPEARANCE_STORAGE_KEY) +
  ")}catch(e){}var d=t==='dark'||t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches;" +
  "var r=document.documentElement;r.dataset.theme=d?'dark':'light';" +
  "var m=document.querySelectorAll('meta[name=theme-color]');for(var i=0;i<m.length;i++)m[i].content=d?" +
  JSON.stringify(themeColors.dark) +
  ':' +
  JSON.stringify(themeColors.light) +
  '})()'
