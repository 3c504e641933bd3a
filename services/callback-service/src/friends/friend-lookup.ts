// The target's friend permission by primary key. Bounded by a timeout: the messaging server waits a few seconds for
// a callback (5 s by default), and an answer per CALLBACK_ON_ERROR beats the server timing out on its own.
import type { PrismaClient } from "@wordguard/db";

/** allowAddFriend of the user, or undefined when the user has no row. Rejects when the database does not answer. */
export type FriendLookup = (userID: string) => Promise<number | undefined>;

export function createFriendLookup(prisma: PrismaClient, timeoutMs: number): FriendLookup {
  return async (userID) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`friend permission lookup took more than ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const row = await Promise.race([
        prisma.userAttribute.findUnique({ where: { userID }, select: { allowAddFriend: true } }),
        timeout,
      ]);
      return row?.allowAddFriend;
    } finally {
      clearTimeout(timer);
    }
  };
}
