-- AlterTable
ALTER TABLE "broadcast_retries" ADD COLUMN     "ambiguous" SMALLINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "devices" ADD COLUMN     "first_delivered_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "proven_settings" (
    "fingerprint" VARCHAR(64) NOT NULL,
    "platform" VARCHAR(16) NOT NULL,
    "proven_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proven_settings_pkey" PRIMARY KEY ("fingerprint")
);
