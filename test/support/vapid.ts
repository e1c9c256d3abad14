/** The VAPID key pair the push tests sign with (the development pair of .dev.vars.example). */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: "BGHMX__3MiRRNtRGHSbDutumJ4nqUcwmNXMx40cFyFHwleX8lNEO3LE1I6vDErkM9hMuUQgvMsw8C4y7pUvwhRQ",
  VAPID_PRIVATE_KEY: "Z8UnrnCAwfyTBD2QdQwkVFgJy46CpS8iuKgR4sCP6co",
  VAPID_SUBJECT: "mailto:owner@chatbook.local",
};
