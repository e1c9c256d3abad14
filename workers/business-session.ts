// One Durable Object per business: owns the WhatsApp session's cached state.
import { DurableObject } from "cloudflare:workers";

export type WaState = { businessId: string | null; status: string; updatedAt: number };

export class BusinessSession extends DurableObject<Env> {
  private state: WaState = { businessId: null, status: "no-session", updatedAt: 0 };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.state = (await ctx.storage.get<WaState>("state")) ?? this.state;
    });
  }

  async getState(): Promise<WaState> {
    return this.state;
  }

  async alarm(): Promise<void> {
    this.state = { ...this.state, updatedAt: Date.now() };
    await this.ctx.storage.put("state", this.state);
  }
}
