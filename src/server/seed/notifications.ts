import { and, eq } from 'drizzle-orm'
import { requestNotificationLink } from '../../domain/connections/connection.schema'
import { connections, notifications, playDateRequests } from '../db/schema'
import { agoFrom, type DemoWorld } from './demo-world'

// Unread and read notifications for Maya and Jordan, pointing at the demo PlayDates, with the
// player each tells of and what its row can do, as the app makes them
// (docs/decisions/0103-notifications-inline-and-friends-activity.md).
export async function seedNotifications(
  { tx, id, now }: DemoWorld,
  playDates: { mayaOpen: string; sofiaMatched: string },
) {
  const { daysAgo, hoursAgo } = agoFrom(now)
  const { mayaOpen, sofiaMatched } = playDates
  const pendingRequest = async (from: string, to: string) => {
    const [row] = await tx
      .select({ id: connections.id })
      .from(connections)
      .where(
        and(
          eq(connections.requesterId, id(from)),
          eq(connections.receiverId, id(to)),
          eq(connections.status, 'pending'),
        ),
      )
    if (!row) throw new Error(`seed: no pending request from ${from} to ${to}`)
    return row.id
  }
  const [application] = await tx
    .select({ id: playDateRequests.id })
    .from(playDateRequests)
    .where(and(eq(playDateRequests.playDateId, mayaOpen), eq(playDateRequests.requesterId, id('Samuel'))))
  if (!application) throw new Error('seed: no application to Maya’s PlayDate')
  const ethanToMaya = await pendingRequest('Ethan', 'Maya')
  const noahToJordan = await pendingRequest('Noah', 'Jordan')

  await tx.insert(notifications).values([
    {
      userId: id('Maya'),
      actorId: id('Ethan'),
      type: 'connection_request',
      title: 'New Friend Request',
      message: 'Ethan Kim wants to be your friend',
      link: requestNotificationLink(ethanToMaya),
      action: 'answer_connection',
      subjectId: ethanToMaya,
      createdAt: hoursAgo(5),
    },
    {
      userId: id('Maya'),
      actorId: id('Samuel'),
      type: 'other',
      title: 'New application',
      message: 'Samuel Osei and Diego Alvarez applied to your PlayDate',
      link: `/playdates/${mayaOpen}`,
      playDateId: mayaOpen,
      action: 'answer_application',
      subjectId: application.id,
      createdAt: hoursAgo(4),
    },
    {
      userId: id('Maya'),
      actorId: id('Sofia'),
      type: 'other',
      title: 'Application accepted',
      message: 'Sofia Marino accepted the application: you are matched',
      link: `/playdates/${sofiaMatched}`,
      playDateId: sofiaMatched,
      action: 'open_chat',
      subjectId: sofiaMatched,
      read: true,
      seen: true,
      createdAt: daysAgo(3),
    },
    {
      userId: id('Jordan'),
      actorId: id('Maya'),
      type: 'playdate_created',
      title: 'New PlayDate',
      message: 'Maya Lopez created a PlayDate with you as partner',
      link: `/playdates/${mayaOpen}`,
      playDateId: mayaOpen,
      createdAt: hoursAgo(8),
    },
    {
      userId: id('Jordan'),
      actorId: id('Noah'),
      type: 'connection_request',
      title: 'New Friend Request',
      message: 'Noah Adams wants to be your friend',
      link: requestNotificationLink(noahToJordan),
      action: 'answer_connection',
      subjectId: noahToJordan,
      createdAt: hoursAgo(2),
    },
  ])
}
