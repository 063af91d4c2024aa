-- CreateEnum
CREATE TYPE "BroadcastStatus" AS ENUM ('sending', 'completed', 'failed');

-- CreateTable
CREATE TABLE "broadcasts" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "api_key_id" UUID,
    "status" "BroadcastStatus" NOT NULL DEFAULT 'sending',
    "request" JSONB NOT NULL,
    "recipients" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "failures" JSONB NOT NULL DEFAULT '{}',
    "cursor" UUID,
    "idempotency_key" VARCHAR(255),
    "lease_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "broadcasts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "broadcasts_organization_id_created_at_id_idx" ON "broadcasts"("organization_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "broadcasts_status_idx" ON "broadcasts"("status");

-- CreateIndex
CREATE UNIQUE INDEX "broadcasts_organization_id_idempotency_key_key" ON "broadcasts"("organization_id", "idempotency_key");

-- AddForeignKey
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;
