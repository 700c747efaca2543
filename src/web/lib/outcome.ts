// What a mutation's caller does with its answer: a toast, a page to go to, a dialog to close.
export interface OutcomeHandlers<T> {
  onSuccess?: (data: T) => void
  onError?: (error: Error) => void
  onSettled?: () => void
}

// Tells the outcome of `mutateAsync`'s promise. The callbacks given to `mutate` itself run only
// while the component that called it is mounted, and the live event of the change can refresh
// the page and take that component away before the response is in (an application accepted
// from the dashboard empties the list that held it): the toast was then never shown. A promise
// settles whatever the page does in between.
export function outcome<T>(promise: Promise<T>, handlers: OutcomeHandlers<T>): void {
  void promise
    .then(
      (data) => handlers.onSuccess?.(data),
      (error: Error) => handlers.onError?.(error),
    )
    .finally(() => handlers.onSettled?.())
}
