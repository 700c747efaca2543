export { pushConfigQuery } from './api/push-config.query'
export { PushSettings } from './components/push-settings'
