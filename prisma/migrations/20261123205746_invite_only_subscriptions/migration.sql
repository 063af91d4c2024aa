-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "subscribe_requires_invite_code" BOOLEAN NOT NULL DEFAULT false;
