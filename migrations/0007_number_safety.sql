CREATE TABLE `contact_consent` (
	`business_id` text NOT NULL,
	`phone` text NOT NULL,
	`first_in_at` integer,
	`first_out_at` integer,
	`opted_out_at` integer,
	`opted_in_at` integer,
	PRIMARY KEY(`business_id`, `phone`),
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_consent_business_opted_out` ON `contact_consent` (`business_id`,`opted_out_at`);--> statement-breakpoint
INSERT INTO `contact_consent` (`business_id`, `phone`, `first_in_at`, `first_out_at`)
SELECT w.business_id, w.phone,
       min(CASE WHEN m.from_me = 0 THEN m.timestamp END),
       min(CASE WHEN m.from_me = 1 AND NOT EXISTS (
             SELECT 1 FROM scheduled_messages s WHERE s.business_id = m.business_id AND s.provider_message_id = m.provider_id)
           THEN m.timestamp END)
FROM wa_messages m JOIN wa_contacts w ON w.business_id = m.business_id AND w.chat_id = m.chat_id
WHERE w.phone IS NOT NULL
GROUP BY w.business_id, w.phone;--> statement-breakpoint
ALTER TABLE `businesses` ADD `pause_seconds` integer DEFAULT 20 NOT NULL;--> statement-breakpoint
UPDATE `businesses` SET `pause_seconds` = min(120, `send_gap_seconds`) WHERE `send_gap_seconds` >= 10;--> statement-breakpoint
ALTER TABLE `businesses` ADD `daily_message_budget` integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `paused` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `origin` text DEFAULT 'business' NOT NULL;--> statement-breakpoint
UPDATE `scheduled_messages` SET `origin` = 'reply' WHERE `kind` = 'ack';--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `budget_day` text;--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `ack` integer;--> statement-breakpoint
CREATE INDEX `scheduled_messages_business_budget` ON `scheduled_messages` (`business_id`,`budget_day`);--> statement-breakpoint
CREATE INDEX `scheduled_messages_business_sent` ON `scheduled_messages` (`business_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `scheduled_messages_business_status` ON `scheduled_messages` (`business_id`,`status`);
