// Telling the owner that the live reader stored new proposals.
import type { ProposalView } from "./proposals.server";

// Web Push is delivered here (to the business's push_subscriptions). Until
// then the parameters are the contract the live reader calls, and unused.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function notifyNewProposals(env: Env, businessId: string, proposals: ProposalView[]): Promise<void> {}
