-- Freed slots offered (issue 31): one row per client an opening was offered to (POST
-- /api/openings/{id}/offer), so the client's "1" is matched to it. Offered once per client
-- (`opening_offers_client` unique); open until `ends_at` (2 hours after the offer, or the
-- slot's start if sooner). `message_id` is the offer's scheduled message, `lang` the language it
-- was written in (the answers follow it). The client's
-- answer is recorded once (`answered_at`, `answer`: "booked" for the first "1", which made
-- `booking_id`; "taken" for a later one, told it was just taken; `reply_message_id` the
-- WhatsApp message that answered).
CREATE TABLE `opening_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`opening_id` text NOT NULL,
	`client_id` text NOT NULL,
	`phone` text NOT NULL,
	`message_id` text NOT NULL,
	`lang` text DEFAULT 'en' NOT NULL,
	`offered_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`answered_at` integer,
	`answer` text,
	`reply_message_id` text,
	`booking_id` text,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`opening_id`) REFERENCES `openings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `opening_offers_client` ON `opening_offers` (`opening_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `opening_offers_business_client` ON `opening_offers` (`business_id`,`client_id`,`ends_at`);
