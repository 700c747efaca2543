// The rating prompt (a form with react-hook-form and zod) is a chunk of its own: the signed-in
// shell loads it only when the player's ratings are due for a check.
export const loadRatingPrompt = () => import('./rating-prompt')
