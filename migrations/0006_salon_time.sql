CREATE TABLE `time_off` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`date_from` text NOT NULL,
	`date_to` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `time_off_business_to` ON `time_off` (`business_id`,`date_to`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `duration_minutes` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `buffer_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `price_cents` integer;--> statement-breakpoint
ALTER TABLE `businesses` ADD `currency` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `working_hours` text DEFAULT '{"0":[],"1":[["09:00","18:00"]],"2":[["09:00","18:00"]],"3":[["09:00","18:00"]],"4":[["09:00","18:00"]],"5":[["09:00","18:00"]],"6":[["09:00","16:00"]]}' NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `slot_step_minutes` integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `min_notice_minutes` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `duration_minutes` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `buffer_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `price_cents` integer;--> statement-breakpoint
-- Israeli salons open Sunday to Thursday and half of Friday; Shabbat is closed.
UPDATE `businesses` SET `working_hours` = '{"0":[["09:00","19:00"]],"1":[["09:00","19:00"]],"2":[["09:00","19:00"]],"3":[["09:00","19:00"]],"4":[["09:00","19:00"]],"5":[["09:00","14:00"]],"6":[]}' WHERE `country` = 'IL';
