CREATE TABLE `proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`chat_id` text NOT NULL,
	`client_name` text DEFAULT '' NOT NULL,
	`client_phone` text NOT NULL,
	`service` text NOT NULL,
	`date` text NOT NULL,
	`time` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`quote` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`booking_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `proposals_business_status_created` ON `proposals` (`business_id`,`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `proposals_business_booking` ON `proposals` (`business_id`,`client_phone`,lower("service"),`date`,`time`);