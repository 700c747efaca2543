// Questions per player in a sliding window, kept in memory: the limit guards the model bill
// of one server process, so it does not need to survive a restart or be shared.
export interface QuestionLimiter {
  // Counts a question; false when the player has asked too many in the window.
  tryAsk(userId: string): boolean
}

export function createQuestionLimiter(options: { limit: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? (() => Date.now())
  const asked = new Map<string, number[]>()
  let lastSweep = now()

  const sweep = (at: number) => {
    for (const [userId, times] of asked) {
      if (times.every((t) => at - t >= options.windowMs)) asked.delete(userId)
    }
    lastSweep = at
  }

  const limiter: QuestionLimiter = {
    tryAsk(userId) {
      const at = now()
      if (at - lastSweep >= options.windowMs) sweep(at)
      const recent = (asked.get(userId) ?? []).filter((t) => at - t < options.windowMs)
      if (recent.length >= options.limit) {
        asked.set(userId, recent)
        return false
      }
      recent.push(at)
      asked.set(userId, recent)
      return true
    },
  }
  return limiter
}

export const QUESTIONS_PER_MINUTE = 10
