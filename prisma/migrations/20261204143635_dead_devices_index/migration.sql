-- CreateIndex
CREATE INDEX "devices_dead_idx" ON "devices"("device_uuid") WHERE (token_invalidated_at IS NOT NULL);
