export { PushSettings } from './components/push-settings'
