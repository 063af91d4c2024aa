-- subscriberCount counts devices that can still receive: a device whose token APNs declared dead is no longer
-- counted (src/domain/broadcasts/pages.ts markDead takes it off, registering the token again puts it back).
-- Recount every organization once, without the dead ones.
DELETE FROM "organization_subscriber_counts";
INSERT INTO "organization_subscriber_counts" ("organization_id", "shard", "count")
SELECT s."organization_id", 0, count(*)::int
FROM "subscriptions" s JOIN "devices" d ON d."device_uuid" = s."device_uuid"
WHERE d."token_invalidated_at" IS NULL
GROUP BY s."organization_id";
