// Characters that change how text around them is shown without showing themselves: the bidi
// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) can make 'anaD' read as
// 'Dana' or reorder a chat line; the marks (U+200E, U+200F, U+061C) and zero-width characters
// (U+200B–U+200D, U+2060, U+FEFF) let two names that look alike differ.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g
const INVISIBLE_IN_NAMES = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/g

// Names are stripped of every invisible character (not refused: a pasted name keeps working)
// and stored in NFC, so one name has one spelling. docs/decisions/0076.
export const cleanName = (value: unknown) =>
  typeof value === 'string' ? value.normalize('NFC').replace(INVISIBLE_IN_NAMES, '') : value

// Chat keeps zero-width joiners (emoji sequences need them) and loses only the bidi controls.
export const cleanChatText = (value: unknown) =>
  typeof value === 'string' ? value.normalize('NFC').replace(BIDI_CONTROLS, '') : value
