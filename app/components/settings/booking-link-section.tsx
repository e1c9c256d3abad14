// Settings: the booking link (issue 30). Its name (the slug), the page's
// switch, the hold time and whether the owner confirms; once the page is on,
// the link itself to copy or open, its QR code (SVG and PNG downloads) and
// "Share on WhatsApp".
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useT } from "~/i18n";
import { Switch } from "~/components/ui/switch";
import { Toast, useToast } from "~/components/ui/toast";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { ActionAnswer } from "~/utils/answer";
import type { BookingLinkSettings } from "~/services/booking-link/settings.server";
import { Banner } from "~/components/form/banner";
import { Field } from "~/components/form/fields";

type Props = {
  settings: BookingLinkSettings;
  /** A free slug from the business name, offered while none is saved. */
  suggestion: string;
  /** The page's address and its QR code (an SVG data URL), while the page is on. */
  share: { url: string; qr: string; text: string } | null;
  /** Whether customers have a WhatsApp number to confirm on (connected, or the business phone): without one the page cannot be turned on. */
  hasNumber: boolean;
  /** The hold time's bounds (from the loader: the validation module, with zod, stays out of this screen's first load). */
  holdRange: { min: number; max: number };
};

/** The QR code as a PNG: the SVG drawn on a canvas, downloaded under `name`. */
function downloadPng(svgDataUrl: string, name: string) {
  const img = new Image();
  img.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1024;
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(img, 0, 0, 1024, 1024);
    const a = document.createElement("a");
    a.href = canvas.toDataURL("image/png");
    a.download = name;
    a.click();
  };
  img.src = svgDataUrl;
}

export function BookingLinkSection({ settings, suggestion, share, hasNumber, holdRange }: Props) {
  const t = useT();
  const fetcher = useFetcher<ActionAnswer<"booking-link">>();
  const { toast, show, hide } = useToast();
  const [enabled, setEnabled] = useState(settings.booking_page_enabled);
  const [ownerConfirms, setOwnerConfirms] = useState(settings.booking_owner_confirms);
  useFetcherResult(fetcher, {
    ok: () => show("success", t("settings.saved")),
    problem: (p) => show("error", t(p.key, p.params)),
  });
  const file = `booking-link-${settings.booking_slug ?? "qr"}`;
  return (
    <section className="card stack" aria-labelledby="booking-link-title" data-testid="booking-link-settings">
      <h2 id="booking-link-title">{t("booklink.settings.title")}</h2>
      <p className="muted small">{t("booklink.settings.intro")}</p>
      {!hasNumber && (
        <Banner kind="warning" testId="booking-link-no-number">
          {t(settings.booking_page_enabled ? "booklink.settings.noNumberOn" : "booklink.settings.noNumber")}
        </Banner>
      )}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="booking-link" />
        <input type="hidden" name="booking_page_enabled" value={String(enabled)} />
        <input type="hidden" name="booking_owner_confirms" value={String(ownerConfirms)} />
        <Field id="booking-slug" label={t("booklink.settings.slug")} hint={t("booklink.settings.slugHint")}>
          <input
            id="booking-slug"
            name="booking_slug"
            dir="ltr"
            defaultValue={settings.booking_slug ?? suggestion}
            maxLength={40}
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby="booking-slug-hint"
          />
        </Field>
        <Switch
          id="booking-page-enabled"
          label={t("booklink.settings.enabled")}
          hint={t("booklink.settings.enabledHint")}
          checked={enabled}
          onChange={setEnabled}
        />
        <Field id="booking-hold" label={t("booklink.settings.hold")} hint={t("booklink.settings.holdHint")}>
          <input
            id="booking-hold"
            name="booking_hold_minutes"
            type="number"
            inputMode="numeric"
            min={holdRange.min}
            max={holdRange.max}
            defaultValue={settings.booking_hold_minutes}
            aria-describedby="booking-hold-hint"
          />
        </Field>
        <Switch
          id="booking-owner-confirms"
          label={t("booklink.settings.ownerConfirms")}
          hint={t("booklink.settings.ownerConfirmsHint")}
          checked={ownerConfirms}
          onChange={setOwnerConfirms}
        />
        <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
          {t("booklink.settings.save")}
        </button>
      </fetcher.Form>
      {share && (
        <div className="booking-link-share" data-testid="booking-link-share">
          <h3>{t("booklink.settings.share")}</h3>
          <p className="booking-link-url" dir="ltr">
            <a href={share.url} target="_blank" rel="noreferrer">
              {share.url}
            </a>
          </p>
          <img src={share.qr} alt={t("booklink.settings.qrAlt")} width={176} height={176} />
          <div className="row gap-sm wrap">
            <a
              className="btn btn-primary btn-sm"
              href={`https://wa.me/?text=${encodeURIComponent(share.text)}`}
              target="_blank"
              rel="noreferrer"
            >
              {t("booklink.settings.shareWhatsApp")}
            </a>
            <a className="btn btn-ghost btn-sm" href={share.qr} download={`${file}.svg`}>
              {t("booklink.settings.downloadSvg")}
            </a>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => downloadPng(share.qr, `${file}.png`)}>
              {t("booklink.settings.downloadPng")}
            </button>
          </div>
        </div>
      )}
      <Toast toast={toast} onHide={hide} duration={2500} placement="bottom" />
    </section>
  );
}
