ALTER TABLE `wa_messages` ADD `processed_at` integer;--> statement-breakpoint
UPDATE `wa_messages` SET `processed_at` = `created_at`;--> statement-breakpoint
CREATE INDEX `wa_messages_unprocessed` ON `wa_messages` (`business_id`,`created_at`) WHERE processed_at IS NULL;--> statement-breakpoint
CREATE TABLE `wa_revoked` (
	`business_id` text NOT NULL,
	`key_id` text NOT NULL,
	`revoked_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wa_revoked_business_key` ON `wa_revoked` (`business_id`,`key_id`);
