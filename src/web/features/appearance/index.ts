export { followAppearanceChanges, useTheme } from './appearance'
export { AppearanceSettings } from './components/appearance-settings'
