-- Reasons stored before they were dictionary keys (English sentences in
-- scheduled_messages.last_error) become their keys, so the app reads one form:
-- a key, a keyed problem in JSON, or the gateway's own words (services/rules/reasons.ts).
UPDATE `scheduled_messages` SET `last_error` = CASE `last_error`
  WHEN 'The appointment has already passed.' THEN 'rules.reason.appointmentPassed'
  WHEN 'The planned time is after the appointment.' THEN 'rules.reason.afterAppointment'
  WHEN 'Skipped: the client already gets another reminder for this appointment.' THEN 'rules.reason.superseded'
  WHEN 'Client already rebooked' THEN 'rules.reason.rebooked'
  WHEN 'The booking was cancelled.' THEN 'rules.reason.bookingCancelled'
  WHEN 'The booking was deleted.' THEN 'rules.reason.bookingDeleted'
  WHEN 'The client has no phone number.' THEN 'rules.reason.noPhone'
  WHEN 'Waiting for WhatsApp to reconnect' THEN 'rules.reason.waiting'
  WHEN 'This number is not on WhatsApp.' THEN 'rules.reason.notOnWhatsApp'
  WHEN 'delivery retries exhausted' THEN 'rules.reason.retriesExhausted'
  WHEN 'Missed: not sent within 6 hours of its planned time.' THEN 'rules.reason.missed'
  WHEN 'WhatsApp refused the message: this number is restricted from messaging new contacts (error 463).' THEN 'rules.reason.restricted'
  WHEN 'WhatsApp refused the message.' THEN 'rules.reason.refused'
  ELSE `last_error` END
WHERE `last_error` IN ('The appointment has already passed.', 'The planned time is after the appointment.', 'Skipped: the client already gets another reminder for this appointment.', 'Client already rebooked', 'The booking was cancelled.', 'The booking was deleted.', 'The client has no phone number.', 'Waiting for WhatsApp to reconnect', 'This number is not on WhatsApp.', 'delivery retries exhausted', 'Missed: not sent within 6 hours of its planned time.', 'WhatsApp refused the message: this number is restricted from messaging new contacts (error 463).', 'WhatsApp refused the message.');
--> statement-breakpoint
-- "WhatsApp refused the message (error 17)." -> {"key":"rules.reason.refusedCode","params":{"code":17}}
UPDATE `scheduled_messages`
SET `last_error` = json_object('key', 'rules.reason.refusedCode', 'params', json_object('code', CAST(substr(`last_error`, 37, length(`last_error`) - 38) AS INTEGER)))
WHERE `last_error` GLOB 'WhatsApp refused the message (error [0-9]*).' AND substr(`last_error`, 37, length(`last_error`) - 38) NOT GLOB '*[^0-9]*';
