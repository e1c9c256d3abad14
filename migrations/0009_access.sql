-- Sign-up codes carry their own registration; a push subscription remembers the session that made it.
ALTER TABLE `verifications` ADD `payload` text;--> statement-breakpoint
ALTER TABLE `push_subscriptions` ADD `session_hash` text;
