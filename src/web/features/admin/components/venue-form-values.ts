import { regionsOf, type StateCode } from '../../../../domain/play-dates/play-date.constants'
import type { Venue, VenueSetting } from '../../../../domain/venues/venue.schema'

// What the venue form's inputs hold: text, as typed. The domain schema (venueInput) checks what
// toVenueInput makes of it, so its messages are the ones shown by each field.
export interface VenueFormValues {
  name: string
  address: string
  city: string
  state: StateCode | ''
  region: string
  courts: string
  setting: VenueSetting
  zipCode: string
  latitude: string
  longitude: string
}

export const venueFormFields = [
  'name',
  'address',
  'city',
  'state',
  'region',
  'courts',
  'setting',
  'zipCode',
  'latitude',
  'longitude',
] as const satisfies ReadonlyArray<keyof VenueFormValues>

// A new venue starts outdoors, where most courts are; an edited one as it is.
export const venueFormValues = (venue?: Venue): VenueFormValues => ({
  name: venue?.name ?? '',
  address: venue?.address ?? '',
  city: venue?.city ?? '',
  state: venue?.state ?? '',
  region: venue?.region ?? '',
  courts: venue ? String(venue.courts) : '',
  setting: venue?.setting ?? 'outdoor',
  zipCode: venue?.zipCode ?? '',
  latitude: venue?.latitude === null || venue?.latitude === undefined ? '' : String(venue.latitude),
  longitude: venue?.longitude === null || venue?.longitude === undefined ? '' : String(venue.longitude),
})

const trimmed = (text: string) => text.trim()

// A blank count is left out, so the schema says it is missing; a blank position is none.
export function toVenueInput(values: VenueFormValues) {
  const courts = trimmed(values.courts)
  const zipCode = trimmed(values.zipCode)
  const latitude = trimmed(values.latitude)
  const longitude = trimmed(values.longitude)
  return {
    name: values.name,
    address: values.address,
    city: values.city,
    state: values.state,
    region: values.region,
    courts: courts === '' ? undefined : Number(courts),
    setting: values.setting,
    zipCode: zipCode === '' ? null : zipCode,
    latitude: latitude === '' ? null : Number(latitude),
    longitude: longitude === '' ? null : Number(longitude),
  }
}

// The region once the state changes: kept if the new state has it, the only one of a state with
// one region (Statewide), otherwise none yet.
export function regionForState(state: StateCode | '', region: string) {
  if (state === '') return ''
  const regions = regionsOf(state)
  if (regions.some((r) => r.key === region)) return region
  return regions.length === 1 ? regions[0]!.key : ''
}
