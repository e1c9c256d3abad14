import type { Translate } from "~/i18n";

/** A catalogue failure code (from the Service name rule or the server) as text in the owner's language. */
export function serviceError(t: Translate, code: string, name = ""): string {
  switch (code) {
    case "empty":
      return t("sync.err.empty");
    case "tooLong":
      return t("sync.err.tooLong");
    case "duplicate":
      return t("sync.err.duplicate", { name });
    case "limit":
      return t("sync.err.limit");
    default:
      return t("sync.err.addFailed");
  }
}
