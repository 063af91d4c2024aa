-- AlterTable
ALTER TABLE "broadcasts" ADD COLUMN     "opened" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "devices" ADD COLUMN     "locale" VARCHAR(35);

-- CreateTable
CREATE TABLE "subscription_topics" (
    "organization_id" UUID NOT NULL,
    "topic" VARCHAR(64) NOT NULL,
    "device_uuid" UUID NOT NULL,

    CONSTRAINT "subscription_topics_pkey" PRIMARY KEY ("organization_id","topic","device_uuid")
);

-- CreateTable
CREATE TABLE "topic_subscriber_counts" (
    "organization_id" UUID NOT NULL,
    "topic" VARCHAR(64) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "topic_subscriber_counts_pkey" PRIMARY KEY ("organization_id","topic")
);

-- CreateTable
CREATE TABLE "subscriber_days" (
    "organization_id" UUID NOT NULL,
    "platform" "Platform" NOT NULL,
    "day" DATE NOT NULL,
    "delta" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "subscriber_days_pkey" PRIMARY KEY ("organization_id","day","platform")
);

-- CreateTable
CREATE TABLE "organization_days" (
    "organization_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "broadcasts" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "failures" JSONB NOT NULL DEFAULT '{}',
    "opened" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "organization_days_pkey" PRIMARY KEY ("organization_id","day")
);

-- CreateTable
CREATE TABLE "broadcast_opens" (
    "broadcast_id" UUID NOT NULL,
    "device_uuid" UUID NOT NULL,
    "opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "broadcast_opens_pkey" PRIMARY KEY ("broadcast_id","device_uuid")
);

-- CreateIndex
CREATE INDEX "subscription_topics_organization_id_device_uuid_idx" ON "subscription_topics"("organization_id", "device_uuid");

-- AddForeignKey
ALTER TABLE "subscription_topics" ADD CONSTRAINT "subscription_topics_organization_id_device_uuid_fkey" FOREIGN KEY ("organization_id", "device_uuid") REFERENCES "subscriptions"("organization_id", "device_uuid") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "topic_subscriber_counts" ADD CONSTRAINT "topic_subscriber_counts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriber_days" ADD CONSTRAINT "subscriber_days_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organization_days" ADD CONSTRAINT "organization_days_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcast_opens" ADD CONSTRAINT "broadcast_opens_broadcast_id_fkey" FOREIGN KEY ("broadcast_id") REFERENCES "broadcasts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The history before this migration, as far as it is known: live subscriptions on the day they were made (those
-- since removed left no trace), and today's count on the row of 9999-12-31; broadcasts and their pushes on the day
-- they ended.
INSERT INTO "subscriber_days" ("organization_id", "platform", "day", "delta")
SELECT s."organization_id", d."platform", (s."created_at" AT TIME ZONE 'UTC')::date, count(*)::int
FROM "subscriptions" s JOIN "devices" d ON d."device_uuid" = s."device_uuid"
WHERE d."token_invalidated_at" IS NULL GROUP BY 1, 2, 3;

INSERT INTO "subscriber_days" ("organization_id", "platform", "day", "delta")
SELECT "organization_id", "platform", DATE '9999-12-31', sum("delta")::int FROM "subscriber_days" GROUP BY 1, 2;

INSERT INTO "organization_days" ("organization_id", "day", "broadcasts", "sent", "failed", "failures")
SELECT e."organization_id", e."day", count(*)::int, sum(e."sent")::int, sum(e."failed")::int,
       COALESCE((SELECT jsonb_object_agg(f."key", f."n") FROM (
         SELECT j."key", sum(j."value"::bigint) AS "n"
         FROM "broadcasts" b2, jsonb_each_text(b2."failures") j
         WHERE b2."organization_id" = e."organization_id" AND b2."status" IN ('completed', 'failed')
           AND (COALESCE(b2."finished_at", b2."created_at") AT TIME ZONE 'UTC')::date = e."day"
         GROUP BY j."key") f), '{}'::jsonb)
FROM (SELECT "organization_id", (COALESCE("finished_at", "created_at") AT TIME ZONE 'UTC')::date AS "day", "sent", "failed"
      FROM "broadcasts" WHERE "status" IN ('completed', 'failed')) e
GROUP BY e."organization_id", e."day";
