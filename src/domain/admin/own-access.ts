// An admin cannot pause or demote themselves: the server refuses it, and the admin's own row and
// details say so before anything is tried (docs/decisions/0196).
export const OWN_ADMIN_STATUS_REFUSED = 'You cannot change your own admin status'
export const OWN_ACCESS_REFUSED = 'You cannot pause your own access'
