ALTER TABLE "lenders" DROP CONSTRAINT "lenders_api_key_hash_unique";--> statement-breakpoint
ALTER TABLE "lenders" DROP COLUMN "api_key_hash";