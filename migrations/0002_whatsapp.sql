ALTER TABLE `businesses` ADD `wa_status` text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `wa_status_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `wa_alert_at` integer;--> statement-breakpoint
ALTER TABLE `businesses` ADD `calendar_feed_hash` text;--> statement-breakpoint
CREATE INDEX `businesses_wa_status` ON `businesses` (`wa_status`,`wa_status_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `businesses_calendar_feed` ON `businesses` (`calendar_feed_hash`);--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `scheduled_messages_business_provider` ON `scheduled_messages` (`business_id`,`provider_message_id`);