-- AlterTable
ALTER TABLE "broadcast_shards" ADD COLUMN     "by_platform" JSONB NOT NULL DEFAULT '{}';

-- A broadcast's totals are its shards' sums from now on (src/fanout/totals.ts). Its counts per platform were kept on
-- its row alone: they go to its first shard, and so does anything else its row counted that its shards did not
-- (nothing, as every page moved both), so that the sums equal the row.
UPDATE "broadcast_shards" s SET
  "by_platform" = b."by_platform",
  "sent" = s."sent" + b."sent" - t.sent,
  "failed" = s."failed" + b."failed" - t.failed
FROM "broadcasts" b, (SELECT "broadcast_id", min("index") AS first, sum("sent") AS sent, sum("failed") AS failed FROM "broadcast_shards" GROUP BY "broadcast_id") t
WHERE s."broadcast_id" = b."id" AND t."broadcast_id" = b."id" AND s."index" = t.first;
