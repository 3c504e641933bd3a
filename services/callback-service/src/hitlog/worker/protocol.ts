import type { NewHitLog } from "@wordguard/db";

export interface InsertWorkerInput {
  databaseUrl: string;
}

export type InsertRequest = { id: number; rows: NewHitLog[] } | { id: number; close: true };

export type InsertReply = { id: number; ok: true; count: number } | { id: number; ok: false; message: string };
