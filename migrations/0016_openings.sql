-- Freed slots (issue 31): a booking cancelled while its time is still ahead leaves an
-- opening (its date, time, service, length and member), open until the slot starts
-- (`starts_at`); `taken_at` is set when the slot is booked again through an offer. One per
-- booking (`booking_id` unique; a later delete of the booking keeps the opening).
-- Drafts keep the day the customer asked for (`asked_date`; NULL: no day, "anything sooner"),
-- so an opening finds who asked for its day without reading the chat again.
CREATE TABLE `openings` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`booking_id` text,
	`opening_date` text NOT NULL,
	`opening_time` text NOT NULL,
	`service` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`member_id` text,
	`starts_at` integer NOT NULL,
	`taken_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `openings_booking` ON `openings` (`booking_id`);--> statement-breakpoint
CREATE INDEX `openings_business_starts` ON `openings` (`business_id`,`starts_at`);--> statement-breakpoint
ALTER TABLE `drafts` ADD `asked_date` text;
