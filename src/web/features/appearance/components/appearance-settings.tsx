import { useEffect, useState } from 'react'
import { type Appearance, appearances } from '../../../../domain/appearance'
import { Choice } from '../../../components/ui/form-controls'
import { readAppearance, saveAppearance } from '../appearance'

const labels: Record<Appearance, string> = { system: 'System', light: 'Light', dark: 'Dark' }

// Light, dark, or the device's own setting: kept on this device, applied at once.
export function AppearanceSettings() {
  const [appearance, setAppearance] = useState(readAppearance)

  // A choice made in another tab shows here too.
  useEffect(() => {
    const onStorage = () => setAppearance(readAppearance())
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  const choose = (next: Appearance) => {
    setAppearance(next)
    saveAppearance(next)
  }

  return (
    <fieldset aria-describedby="appearance-hint">
      <legend>
        <h2 className="text-lg font-bold text-slate-900">Appearance</h2>
      </legend>
      <p id="appearance-hint" className="mt-2 mb-3 text-sm text-slate-600">
        On this device. System follows your device’s light or dark setting.
      </p>
      {/* One under the other on a phone, where three in a row do not fit beside each other. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {appearances.map((value) => (
          <Choice
            key={value}
            name="appearance"
            value={value}
            label={labels[value]}
            checked={appearance === value}
            onChange={() => choose(value)}
          />
        ))}
      </div>
    </fieldset>
  )
}
