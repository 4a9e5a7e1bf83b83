CREATE TABLE "stored_file_parts" (
	"file_id" integer NOT NULL,
	"part" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "stored_file_parts_file_id_part_pk" PRIMARY KEY("file_id","part")
);
--> statement-breakpoint
ALTER TABLE "stored_file_parts" ADD CONSTRAINT "stored_file_parts_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The files stored so far, cut into the parts of 256 KB that file-store.ts writes (an empty file has one, empty).
INSERT INTO "stored_file_parts" ("file_id", "part", "content")
SELECT "id", "n", substring("content" from "n" * 262144 + 1 for 262144)
FROM "stored_files", generate_series(0, greatest((length("content") - 1) / 262144, 0)) AS "parts"("n");--> statement-breakpoint
ALTER TABLE "stored_files" DROP COLUMN "content";