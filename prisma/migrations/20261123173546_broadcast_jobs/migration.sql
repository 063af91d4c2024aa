-- Broadcasts become pg-boss jobs: the audience is cut into shards (broadcast_shards), each with its own cursor
-- and counts; the broadcast-wide lease and cursor go. Broadcasts can also be scheduled and cancelled.

-- CreateEnum
CREATE TYPE "ShardStatus" AS ENUM ('pending', 'done', 'failed');

-- AlterEnum
ALTER TYPE "BroadcastStatus" ADD VALUE 'scheduled';
ALTER TYPE "BroadcastStatus" ADD VALUE 'cancelled';

-- CreateTable
CREATE TABLE "broadcast_shards" (
    "broadcast_id" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "after" UUID NOT NULL,
    "until" UUID,
    "cursor" UUID,
    "status" "ShardStatus" NOT NULL DEFAULT 'pending',
    "sent" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "failures" JSONB NOT NULL DEFAULT '{}',
    "holder" UUID,
    "job_id" UUID,
    "error" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "broadcast_shards_pkey" PRIMARY KEY ("broadcast_id","index")
);

-- A broadcast interrupted before this upgrade becomes one shard that resumes from its cursor; the server
-- gives it a job when it starts (its job_id is null).
INSERT INTO "broadcast_shards" ("broadcast_id", "index", "after", "cursor", "sent", "failed", "failures")
SELECT "id", 0, '00000000-0000-0000-0000-000000000000', "cursor", "sent", "failed", "failures" FROM "broadcasts" WHERE "status" = 'sending';

-- AlterTable
ALTER TABLE "broadcasts" DROP COLUMN "cursor",
DROP COLUMN "lease_owner",
DROP COLUMN "lease_until",
ADD COLUMN     "error" JSONB,
ADD COLUMN     "send_at" TIMESTAMPTZ(3);

-- AddForeignKey
ALTER TABLE "broadcast_shards" ADD CONSTRAINT "broadcast_shards_broadcast_id_fkey" FOREIGN KEY ("broadcast_id") REFERENCES "broadcasts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
