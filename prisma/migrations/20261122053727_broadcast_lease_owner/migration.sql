-- AlterTable
ALTER TABLE "broadcasts" ADD COLUMN     "lease_owner" UUID;
