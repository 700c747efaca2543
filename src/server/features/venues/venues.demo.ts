import type { VenueInput } from '../../../domain/venues/venue.schema'

// Demo data: made-up venues on plausible streets, a few per region, so a new install's
// PlayDates have somewhere to be. Stored with `is_demo`, and shown as demo venues to admins.
type DemoVenue = Omit<VenueInput, 'latitude' | 'longitude' | 'zipCode'>

// Where each is: the street's ZIP code and about where on it (migration 0041 gives the same to
// installs made before venues had places).
const PLACES: Record<string, [zipCode: string, latitude: number, longitude: number]> = {
  'Red Mountain Pickleball Park': ['85207', 33.4366, -111.677],
  'Superstition Springs Courts': ['85206', 33.3787, -111.6915],
  'Bell Road Paddle Center': ['85374', 33.63, -112.368],
  'Sun Village Courts': ['85374', 33.644, -112.358],
  'Encanto Pickleball Club': ['85007', 33.47, -112.092],
  'Camelback Indoor Courts': ['85014', 33.501, -112.065],
  'Saguaro Paddle Park': ['85716', 32.236, -110.927],
  'Catalina Foothills Courts': ['85718', 32.31, -110.89],
  'Ponderosa Rec Center': ['86004', 35.215, -111.59],
  'Thorpe Park Courts': ['86001', 35.2, -111.663],
  'Red Rock Pickleball Courts': ['86336', 34.876, -111.77],
  'Granite Dells Courts': ['86301', 34.543, -112.456],
  'Bridgewater Paddle Club': ['86403', 34.47, -114.34],
  'Desert Sun Courts': ['85364', 32.68, -114.626],
  'Rim Country Courts': ['85541', 34.215, -111.34],
  'Bayshore Pickleball Center': ['33629', 27.92, -82.495],
  'Lake Eola Paddle Club': ['32801', 28.543, -81.371],
  'Mission Bay Courts': ['92109', 32.778, -117.205],
  'Silver Lake Paddle Club': ['90026', 34.095, -118.262],
  'Wasatch Indoor Pickleball': ['84106', 40.725, -111.856],
  'Red Cliffs Courts': ['84770', 37.083, -113.595],
  'Zilker Paddle Park': ['78746', 30.265, -97.77],
  'Memorial Park Courts': ['77007', 29.765, -95.44],
}

const az = (region: string, city: string, venues: Array<[string, string, number, DemoVenue['setting']]>) =>
  venues.map(([name, address, courts, setting]) => ({
    name,
    address,
    city,
    state: 'AZ' as const,
    region,
    courts,
    setting,
  }))

const statewide = (
  state: 'FL' | 'CA' | 'UT' | 'TX',
  venues: Array<[string, string, string, number, DemoVenue['setting']]>,
) =>
  venues.map(([name, address, city, courts, setting]) => ({
    name,
    address,
    city,
    state,
    region: 'statewide',
    courts,
    setting,
  }))

const DEMO_VENUES_WITHOUT_PLACES: DemoVenue[] = [
  ...az('east_valley', 'Mesa', [
    ['Red Mountain Pickleball Park', '7745 E Brown Rd', 12, 'outdoor'],
    ['Superstition Springs Courts', '6601 E Baseline Rd', 8, 'outdoor'],
  ]),
  ...az('west_valley', 'Surprise', [
    ['Bell Road Paddle Center', '15960 N Bullard Ave', 16, 'both'],
    ['Sun Village Courts', '17300 N Greasewood St', 6, 'outdoor'],
  ]),
  ...az('central_phoenix', 'Phoenix', [
    ['Encanto Pickleball Club', '2121 N 15th Ave', 10, 'outdoor'],
    ['Camelback Indoor Courts', '4410 N 7th St', 6, 'indoor'],
  ]),
  ...az('tucson', 'Tucson', [
    ['Saguaro Paddle Park', '3400 E Speedway Blvd', 12, 'outdoor'],
    ['Catalina Foothills Courts', '4949 E Sunrise Dr', 4, 'outdoor'],
  ]),
  ...az('flagstaff', 'Flagstaff', [
    ['Ponderosa Rec Center', '1701 N 4th St', 4, 'indoor'],
    ['Thorpe Park Courts', '191 N Thorpe Rd', 6, 'outdoor'],
  ]),
  ...az('sedona', 'Sedona', [['Red Rock Pickleball Courts', '525 Posse Ground Rd', 8, 'outdoor']]),
  ...az('prescott', 'Prescott', [['Granite Dells Courts', '824 E Gurley St', 6, 'outdoor']]),
  ...az('lake_havasu', 'Lake Havasu City', [
    ['Bridgewater Paddle Club', '1550 McCulloch Blvd N', 8, 'outdoor'],
  ]),
  ...az('yuma', 'Yuma', [['Desert Sun Courts', '2800 S Avenue A', 6, 'outdoor']]),
  ...az('payson', 'Payson', [['Rim Country Courts', '1000 W Country Club Dr', 4, 'outdoor']]),
  ...statewide('FL', [
    ['Bayshore Pickleball Center', '3400 W Bay to Bay Blvd', 'Tampa', 14, 'outdoor'],
    ['Lake Eola Paddle Club', '512 E Washington St', 'Orlando', 8, 'both'],
  ]),
  ...statewide('CA', [
    ['Mission Bay Courts', '2688 E Mission Bay Dr', 'San Diego', 12, 'outdoor'],
    ['Silver Lake Paddle Club', '1850 W Silver Lake Dr', 'Los Angeles', 6, 'outdoor'],
  ]),
  ...statewide('UT', [
    ['Wasatch Indoor Pickleball', '1220 E 2100 S', 'Salt Lake City', 10, 'indoor'],
    ['Red Cliffs Courts', '1851 S Dixie Dr', 'St. George', 12, 'outdoor'],
  ]),
  ...statewide('TX', [
    ['Zilker Paddle Park', '2100 Barton Springs Rd', 'Austin', 10, 'outdoor'],
    ['Memorial Park Courts', '6501 Memorial Dr', 'Houston', 12, 'outdoor'],
  ]),
]

export const DEMO_VENUES = DEMO_VENUES_WITHOUT_PLACES.map((venue) => {
  const [zipCode, latitude, longitude] = PLACES[venue.name]!
  return { ...venue, zipCode, latitude, longitude }
})
