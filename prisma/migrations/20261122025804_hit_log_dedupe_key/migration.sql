/*
  Warnings:

  - A unique constraint covering the columns `[dedupe_key]` on the table `hit_log` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterTable
ALTER TABLE "hit_log" ADD COLUMN     "dedupe_key" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "hit_log_dedupe_key_key" ON "hit_log"("dedupe_key");
