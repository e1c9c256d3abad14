-- The booking link (issue 30): a public page per business whose bookings hold their time as `pending`
-- until the customer confirms by writing to the salon on WhatsApp.
ALTER TABLE `businesses` ADD `booking_slug` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `booking_page_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `booking_hold_minutes` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `booking_owner_confirms` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `businesses_booking_slug` ON `businesses` (`booking_slug`);--> statement-breakpoint
ALTER TABLE `contact_consent` ADD `booked_online_at` integer;--> statement-breakpoint
CREATE TABLE `booking_holds` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`code` text NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`name` text NOT NULL,
	`phone_hint` text NOT NULL,
	`hint_client_created` integer DEFAULT false NOT NULL,
	`lang` text DEFAULT 'en' NOT NULL,
	`expires_at` integer NOT NULL,
	`confirmed_phone` text,
	`confirmed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_holds_open_code` ON `booking_holds` (`business_id`,`code`) WHERE `state` = 'open';--> statement-breakpoint
CREATE INDEX `booking_holds_state_expires` ON `booking_holds` (`state`,`expires_at`);--> statement-breakpoint
CREATE INDEX `booking_holds_business_phone` ON `booking_holds` (`business_id`,`phone_hint`,`state`);
