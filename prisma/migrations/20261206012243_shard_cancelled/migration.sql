-- AlterTable
ALTER TABLE "broadcast_shards" ADD COLUMN     "cancelled" BOOLEAN NOT NULL DEFAULT false;
