import { createContext } from 'react'

// True while the build renders a signed-in page's first view into its HTML (prerender.tsx): the
// shell's parts then show their placeholders instead of loading, as they do until it arrives, and
// a page may render a first view of its own (the PlayDates list's).
export const RenderingShellPlaceholders = createContext(false)
