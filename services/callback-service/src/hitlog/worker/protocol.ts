import type { NewHitLog } from "@wordguard/db";

export interface InsertWorkerInput {
  databaseUrl: string;
}

export type InsertRequest = { id: number; rows: NewHitLog[] } | { id: number; close: true };

/** A failure carries PostgreSQL's SQLSTATE when there is one: the writer tells refused rows from outages by it. */
export type InsertReply = { id: number; ok: true; count: number } | { id: number; ok: false; message: string; code?: string };
