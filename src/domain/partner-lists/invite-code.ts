// The path part of an invitation link: a 7-digit code or a URL code. A module of its own, without
// the schemas: the app's entry reads it to ask for an invitation as its page loads.
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{3,50}$/
