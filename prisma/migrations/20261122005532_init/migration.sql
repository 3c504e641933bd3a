-- CreateEnum
CREATE TYPE "Scene" AS ENUM ('single', 'group');

-- CreateEnum
CREATE TYPE "MatchType" AS ENUM ('contains', 'word');

-- CreateEnum
CREATE TYPE "PolicyAction" AS ENUM ('block', 'mask', 'log');

-- CreateEnum
CREATE TYPE "HitAction" AS ENUM ('blocked', 'masked', 'logged');

-- CreateTable
CREATE TABLE "sensitive_word" (
    "id" BIGSERIAL NOT NULL,
    "word" VARCHAR(64) NOT NULL,
    "normalized" TEXT NOT NULL,
    "match_type" "MatchType" NOT NULL DEFAULT 'contains',
    "category" VARCHAR(32) NOT NULL DEFAULT 'custom',
    "level" SMALLINT NOT NULL DEFAULT 2,
    "scenes" "Scene"[] DEFAULT ARRAY['single', 'group']::"Scene"[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "remark" TEXT NOT NULL DEFAULT '',
    "create_by" TEXT NOT NULL DEFAULT '',
    "create_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sensitive_word_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sensitive_word_whitelist" (
    "id" BIGSERIAL NOT NULL,
    "word" VARCHAR(64) NOT NULL,
    "normalized" TEXT NOT NULL,
    "scenes" "Scene"[] DEFAULT ARRAY['single', 'group']::"Scene"[],
    "remark" TEXT NOT NULL DEFAULT '',
    "create_by" TEXT NOT NULL DEFAULT '',
    "create_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sensitive_word_whitelist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sensitive_word_policy" (
    "scene" "Scene" NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "action" "PolicyAction" NOT NULL,
    "min_level" SMALLINT NOT NULL,
    "content_types" INTEGER[],
    "normalize" JSONB NOT NULL,
    "reject_message" TEXT NOT NULL,
    "reveal_words" BOOLEAN NOT NULL,
    "log_hits" BOOLEAN NOT NULL,
    "mask_char" VARCHAR(8) NOT NULL,
    "exempt_user_ids" TEXT[],
    "exempt_group_ids" TEXT[],
    "update_by" TEXT NOT NULL DEFAULT '',
    "update_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "sensitive_word_policy_pkey" PRIMARY KEY ("scene")
);

-- CreateTable
CREATE TABLE "dict_version" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" INTEGER NOT NULL DEFAULT 0,
    "update_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dict_version_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hit_log" (
    "id" BIGSERIAL NOT NULL,
    "operation_id" TEXT NOT NULL,
    "command" TEXT NOT NULL,
    "scene" "Scene" NOT NULL,
    "send_id" TEXT NOT NULL,
    "recv_id" TEXT NOT NULL DEFAULT '',
    "group_id" TEXT NOT NULL DEFAULT '',
    "client_msg_id" TEXT NOT NULL DEFAULT '',
    "server_msg_id" TEXT NOT NULL DEFAULT '',
    "content_type" INTEGER NOT NULL,
    "action" "HitAction" NOT NULL,
    "hits" JSONB NOT NULL,
    "word_ids" BIGINT[],
    "text" VARCHAR(1000) NOT NULL,
    "dict_version" INTEGER NOT NULL,
    "create_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_attribute" (
    "user_id" TEXT NOT NULL,
    "allow_add_friend" INTEGER NOT NULL DEFAULT 1,
    "create_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_attribute_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "admin_account" (
    "id" TEXT NOT NULL,
    "account" VARCHAR(64) NOT NULL,
    "password_hash" TEXT NOT NULL,
    "nickname" TEXT NOT NULL DEFAULT '',
    "level" SMALLINT NOT NULL DEFAULT 80,
    "create_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "operator_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL DEFAULT '',
    "before" JSONB,
    "after" JSONB,
    "operation_id" TEXT NOT NULL DEFAULT '',
    "create_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sensitive_word_create_time_id_idx" ON "sensitive_word"("create_time" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "sensitive_word_normalized_match_type_key" ON "sensitive_word"("normalized", "match_type");

-- CreateIndex
CREATE UNIQUE INDEX "sensitive_word_whitelist_normalized_key" ON "sensitive_word_whitelist"("normalized");

-- CreateIndex
CREATE INDEX "sensitive_word_whitelist_create_time_id_idx" ON "sensitive_word_whitelist"("create_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "hit_log_create_time_id_idx" ON "hit_log"("create_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "hit_log_operation_id_idx" ON "hit_log"("operation_id");

-- CreateIndex
CREATE INDEX "hit_log_send_id_create_time_idx" ON "hit_log"("send_id", "create_time" DESC);

-- CreateIndex
CREATE INDEX "hit_log_recv_id_create_time_idx" ON "hit_log"("recv_id", "create_time" DESC);

-- CreateIndex
CREATE INDEX "hit_log_group_id_create_time_idx" ON "hit_log"("group_id", "create_time" DESC);

-- CreateIndex
CREATE INDEX "hit_log_scene_create_time_idx" ON "hit_log"("scene", "create_time" DESC);

-- CreateIndex
CREATE INDEX "hit_log_word_ids_idx" ON "hit_log" USING GIN ("word_ids");

-- CreateIndex
CREATE INDEX "user_attribute_allow_add_friend_idx" ON "user_attribute"("allow_add_friend");

-- CreateIndex
CREATE UNIQUE INDEX "admin_account_account_key" ON "admin_account"("account");

-- CreateIndex
CREATE INDEX "audit_log_create_time_id_idx" ON "audit_log"("create_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_log_target_type_target_id_idx" ON "audit_log"("target_type", "target_id");

-- Hand-written: the dictionary version row (id = 1) exists from the start, so readers never miss it.
-- (No CHECK constraint for the single row: the wasm schema engine panics describing check constraints.)
INSERT INTO "dict_version" ("id", "version") VALUES (1, 0);
