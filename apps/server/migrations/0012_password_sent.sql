ALTER TABLE "accounts" ADD COLUMN "password_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "password_sent_to" varchar(200);