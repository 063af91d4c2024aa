-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Platform" AS ENUM ('ios');

-- CreateTable
CREATE TABLE "organizations" (
    "id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "slug" VARCHAR(64) NOT NULL,
    "description" VARCHAR(1000) NOT NULL DEFAULT '',
    "logo_url" VARCHAR(2048),
    "brand_color" VARCHAR(7),
    "is_public" BOOLEAN NOT NULL DEFAULT true,
    "invite_code" VARCHAR(32) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "devices" (
    "device_uuid" UUID NOT NULL,
    "apns_token" VARCHAR(200) NOT NULL,
    "platform" "Platform" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "token_invalidated_at" TIMESTAMPTZ(3),
    "token_invalid_reason" VARCHAR(64),

    CONSTRAINT "devices_pkey" PRIMARY KEY ("device_uuid")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "organization_id" UUID NOT NULL,
    "device_uuid" UUID NOT NULL,
    "external_id" VARCHAR(128),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("organization_id","device_uuid")
);

-- CreateTable
CREATE TABLE "organization_subscriber_counts" (
    "organization_id" UUID NOT NULL,
    "shard" SMALLINT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "organization_subscriber_counts_pkey" PRIMARY KEY ("organization_id","shard")
);

-- CreateIndex
CREATE UNIQUE INDEX "organizations_slug_key" ON "organizations"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "organizations_invite_code_key" ON "organizations"("invite_code");

-- CreateIndex
CREATE INDEX "organizations_is_public_name_id_idx" ON "organizations"("is_public", "name", "id");

-- CreateIndex
CREATE UNIQUE INDEX "devices_apns_token_key" ON "devices"("apns_token");

-- CreateIndex
CREATE INDEX "subscriptions_organization_id_external_id_idx" ON "subscriptions"("organization_id", "external_id");

-- CreateIndex
CREATE INDEX "subscriptions_device_uuid_idx" ON "subscriptions"("device_uuid");

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_device_uuid_fkey" FOREIGN KEY ("device_uuid") REFERENCES "devices"("device_uuid") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organization_subscriber_counts" ADD CONSTRAINT "organization_subscriber_counts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
