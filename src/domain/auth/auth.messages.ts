// Messages the first page load needs without the schemas (and zod) behind them.
export const PAUSED_MESSAGE = 'Your access has been paused'
