// The tables whose sizes describe a data set, in the suite's reports and the mix's.
export const DESCRIBED_TABLES = [
  'profiles',
  'connections',
  'play_dates',
  'play_date_requests',
  'play_date_messages',
  'notifications',
]

// Every table the load fills, counted when it is done.
export const LOADED_TABLES = [...DESCRIBED_TABLES, 'partner_lists', 'partner_list_entries', 'signup_codes']
