-- AlterTable
ALTER TABLE "broadcast_shards" ADD COLUMN     "exhausted" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "broadcasts" ADD COLUMN     "waiting_since" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "broadcast_retries" (
    "broadcast_id" UUID NOT NULL,
    "shard_index" INTEGER NOT NULL,
    "device_uuid" UUID NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "reason" TEXT NOT NULL,
    "first_failed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "next_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "broadcast_retries_pkey" PRIMARY KEY ("broadcast_id","shard_index","device_uuid")
);

-- CreateIndex
CREATE INDEX "broadcast_retries_broadcast_id_shard_index_next_at_idx" ON "broadcast_retries"("broadcast_id", "shard_index", "next_at");

-- AddForeignKey
ALTER TABLE "broadcast_retries" ADD CONSTRAINT "broadcast_retries_broadcast_id_shard_index_fkey" FOREIGN KEY ("broadcast_id", "shard_index") REFERENCES "broadcast_shards"("broadcast_id", "index") ON DELETE CASCADE ON UPDATE CASCADE;
