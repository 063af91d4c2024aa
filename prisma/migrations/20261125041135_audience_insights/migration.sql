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

-- Broadcasts that ended (a cancelled one only if it sent something), on the day they ended.
WITH "ended" AS (
  SELECT "organization_id", (COALESCE("finished_at", "created_at") AT TIME ZONE 'UTC')::date AS "day", "sent", "failed", "failures"
  FROM "broadcasts" WHERE "status" IN ('completed', 'failed') OR ("status" = 'cancelled' AND "sent" + "failed" > 0)
),
"reasons" AS (
  SELECT "organization_id", "day", jsonb_object_agg("key", "n") AS "failures" FROM (
    SELECT e."organization_id", e."day", j."key", sum(j."value"::bigint) AS "n" FROM "ended" e, jsonb_each_text(e."failures") j GROUP BY 1, 2, 3
  ) r GROUP BY 1, 2
)
INSERT INTO "organization_days" ("organization_id", "day", "broadcasts", "sent", "failed", "failures")
SELECT e."organization_id", e."day", count(*)::int, sum(e."sent")::int, sum(e."failed")::int, COALESCE(min(r."failures"::text)::jsonb, '{}'::jsonb)
FROM "ended" e LEFT JOIN "reasons" r ON r."organization_id" = e."organization_id" AND r."day" = e."day"
GROUP BY e."organization_id", e."day";

-- Live subscribers per topic, kept by triggers: one on subscription_topics for each row added or removed (also by
-- the cascade when a subscription goes), one on devices when a token is written off or revived. Each takes the
-- device's row lock first and then reads what is committed, so a topic change and a liveness change of one device at
-- the same time are counted one after the other. A count that reaches 0 is removed, so made-up topics leave nothing.
CREATE FUNCTION "clarion_count_topic"("org" UUID, "name" VARCHAR, "n" INTEGER) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "topic_subscriber_counts" ("organization_id", "topic", "count") VALUES ("org", "name", "n")
  ON CONFLICT ("organization_id", "topic") DO UPDATE SET "count" = "topic_subscriber_counts"."count" + EXCLUDED."count";
  DELETE FROM "topic_subscriber_counts" WHERE "organization_id" = "org" AND "topic" = "name" AND "count" = 0;
END $$;

CREATE FUNCTION "clarion_subscription_topic_counted"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  "row" "subscription_topics"%ROWTYPE;
BEGIN
  IF TG_OP = 'INSERT' THEN "row" := NEW; ELSE "row" := OLD; END IF;
  PERFORM 1 FROM "devices" WHERE "device_uuid" = "row"."device_uuid" AND "token_invalidated_at" IS NULL FOR SHARE;
  IF FOUND THEN
    PERFORM "clarion_count_topic"("row"."organization_id", "row"."topic", CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "subscription_topics_counted" AFTER INSERT OR DELETE ON "subscription_topics"
FOR EACH ROW EXECUTE FUNCTION "clarion_subscription_topic_counted"();

CREATE FUNCTION "clarion_device_topics_counted"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "clarion_count_topic"(t."organization_id", t."topic", CASE WHEN NEW."token_invalidated_at" IS NULL THEN 1 ELSE -1 END)
  FROM "subscription_topics" t JOIN "subscriptions" s ON s."organization_id" = t."organization_id" AND s."device_uuid" = t."device_uuid"
  WHERE s."device_uuid" = NEW."device_uuid" ORDER BY t."organization_id", t."topic";
  RETURN NULL;
END $$;

CREATE TRIGGER "devices_topics_counted" AFTER UPDATE OF "token_invalidated_at" ON "devices"
FOR EACH ROW WHEN ((OLD."token_invalidated_at" IS NULL) <> (NEW."token_invalidated_at" IS NULL))
EXECUTE FUNCTION "clarion_device_topics_counted"();
