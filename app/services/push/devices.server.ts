// Settings' list of the devices that get notifications: removing one (any of
// the business's, not only this browser's) stops its notifications at once.
import { data } from "@remix-run/cloudflare";
import type { AuthedUser } from "~/services/auth/session.server";
import type { ActionAnswer } from "~/utils/answer";
import { problem } from "~/utils/problem";
import { PushDeviceInput } from "~/validation/push";
import { validate } from "~/validation/parse";
import { removeDevice } from "./push.server";

type DeviceAnswer = ActionAnswer<"push-remove">;

export async function removeDeviceAction(form: FormData, authed: AuthedUser) {
  const input = validate(PushDeviceInput, { id: typeof form.get("id") === "string" ? form.get("id") : undefined });
  if (!input.ok)
    return data<DeviceAnswer>({ intent: "push-remove", ok: false, problem: input.problem }, { status: 400 });
  // Another business's id is "not found", the same as one already removed.
  if (!(await removeDevice(authed.db, authed.business.id, input.value.id))) {
    return data<DeviceAnswer>(
      { intent: "push-remove", ok: false, problem: problem("access.devices.notFound") },
      { status: 404 },
    );
  }
  return data<DeviceAnswer>({ intent: "push-remove", ok: true });
}
