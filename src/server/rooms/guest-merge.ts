/**
 * Rooms' part of a guest joining their account (players/migrate-guest.ts runs the whole move in
 * one transaction, before better-auth deletes the guest and, with it, their places): the guest's
 * places in rooms become the account's, with their nicknames and points. Where both had a place
 * in one room, one stays: the one with more points (the account's on a tie), and the room counts
 * one player less, so its count stays exact (decision 0054).
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { room, roomPlayer } from '../db/schema/rooms';

export async function moveGuestRoomPlaces(tx: Tx, guestId: string, accountId: string) {
  await tx.execute(sql`
    with dropped as (
      delete from ${roomPlayer} d
      using ${roomPlayer} k
      where d.room_id = k.room_id
        and ((d.user_id = ${guestId} and k.user_id = ${accountId} and d.points <= k.points)
          or (d.user_id = ${accountId} and k.user_id = ${guestId} and d.points < k.points))
      returning d.room_id
    )
    update ${room} set player_count = greatest(player_count - 1, 0)
    where id in (select room_id from dropped)`);
  await tx.update(roomPlayer).set({ userId: accountId }).where(eq(roomPlayer.userId, guestId));
}
