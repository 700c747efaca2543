// A PlayDate at a venue copies where the venue is (docs/decisions/0158): Available's distances
// and the dashboard's games near you read the copy from the open PlayDates' near index. Every
// write of a PlayDate at a venue (the wizard, a group's series, the demo data) takes it from here.
export const atVenue = (venue: { id: string; latitude: number | null; longitude: number | null }) => ({
  venueId: venue.id,
  latitude: venue.latitude,
  longitude: venue.longitude,
})
