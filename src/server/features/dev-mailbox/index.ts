// dev-mailbox: the outbox as a mailbox, where mail cannot leave the machine.
export { devMailRoutes, mountDevMailbox } from './dev-mailbox.routes'
