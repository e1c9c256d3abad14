-- Issue 31's figures read each client's bookings by date and time and status (Insights'
-- rebookings and first visits, "Due this week"): the client index now holds the time and
-- the status too, so those reads stay in the index instead of reading every booking row.
-- Its first three columns are the old index's, so every query that used it still does.
DROP INDEX `bookings_business_client`;--> statement-breakpoint
CREATE INDEX `bookings_business_client` ON `bookings` (`business_id`,`client_id`,`booking_date`,`booking_time`,`status`);
