import { notifications } from '../schema'
import { daysAgo, type DemoWorld, hoursAgo } from './demo-world'

// Unread and read notifications for Maya and Jordan, pointing at the demo PlayDates.
export async function seedNotifications(
  { tx, id }: DemoWorld,
  playDates: { mayaOpen: string; sofiaMatched: string },
) {
  const { mayaOpen, sofiaMatched } = playDates
  await tx.insert(notifications).values([
    {
      userId: id('Maya'),
      type: 'connection_request',
      title: 'New Friend Request',
      message: 'Ethan Kim wants to be your friend',
      link: '/connections?view=received',
      createdAt: hoursAgo(5),
    },
    {
      userId: id('Maya'),
      type: 'other',
      title: 'New application',
      message: 'Samuel Osei and Diego Alvarez applied to your PlayDate',
      link: `/playdates/${mayaOpen}`,
      createdAt: hoursAgo(4),
    },
    {
      userId: id('Maya'),
      type: 'other',
      title: 'Application accepted',
      message: 'Sofia Marino accepted your application',
      link: `/playdates/${sofiaMatched}`,
      read: true,
      createdAt: daysAgo(3),
    },
    {
      userId: id('Jordan'),
      type: 'playdate_created',
      title: 'New PlayDate',
      message: 'Maya Lopez created a PlayDate with you as partner',
      link: `/playdates/${mayaOpen}`,
      createdAt: hoursAgo(8),
    },
    {
      userId: id('Jordan'),
      type: 'connection_request',
      title: 'New Friend Request',
      message: 'Noah Adams wants to be your friend',
      link: '/connections?view=received',
      createdAt: hoursAgo(2),
    },
  ])
}
