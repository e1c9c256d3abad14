// How long stored WhatsApp messages are kept: a per-business setting.
export const RETENTION_DAYS = { default: 180, min: 7, max: 3650 } as const;
