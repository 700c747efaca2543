export { followAppearanceChanges } from './appearance'
export { AppearanceSettings } from './components/appearance-settings'
