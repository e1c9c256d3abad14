// The Connect tab's error texts, exactly as the spec words them.
export const ACTION_ERRORS = [
  "Error checking session", "Failed to delete session", "Failed to logout",
  "Failed to create session", "Failed to start session", "Failed to restart session",
] as const;
