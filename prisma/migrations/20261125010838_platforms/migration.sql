-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "Platform" ADD VALUE 'android';
ALTER TYPE "Platform" ADD VALUE 'web';

-- AlterTable
ALTER TABLE "broadcasts" ADD COLUMN     "by_platform" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "stopped_platforms" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "broadcast_retries" ALTER COLUMN "first_failed_at" DROP NOT NULL;

-- AlterTable
ALTER TABLE "devices" ADD COLUMN     "fcm_token" VARCHAR(1024),
ADD COLUMN     "web_push_auth" BYTEA,
ADD COLUMN     "web_push_endpoint" VARCHAR(2048),
ADD COLUMN     "web_push_p256dh" BYTEA,
ALTER COLUMN "apns_token" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "devices_fcm_token_key" ON "devices"("fcm_token");

-- CreateIndex
CREATE UNIQUE INDEX "devices_web_push_endpoint_key" ON "devices"("web_push_endpoint");

-- Broadcasts sent before other platforms existed went to iOS devices only.
UPDATE "broadcasts" SET "by_platform" = jsonb_build_object('ios.sent', "sent", 'ios.failed', "failed") WHERE "sent" > 0 OR "failed" > 0;
