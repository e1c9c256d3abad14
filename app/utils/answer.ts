// What a screen's action answers one of its forms, on every screen: saved, or
// refused with the problem to show (`reply`, conform's, ties it to the form's
// fields). `intent` says which form of the screen it answers.
import type { SubmissionResult } from "@conform-to/react";
import type { Problem } from "./problem";

/** `Done` adds what a success says besides (a member's name). */
export type ActionAnswer<I extends string, Done extends object = object> =
  ({ intent: I; ok: true } & Done) | { intent: I; ok: false; problem: Problem; reply?: SubmissionResult<Problem[]> };
