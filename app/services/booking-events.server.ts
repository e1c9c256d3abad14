// Called after any booking is created, edited, moved, cancelled or deleted, so
// that pending rule messages follow it (cancelled, re-timed). The rules
// scheduler fills this in.
export async function bookingsChanged(_env: Env, _bookingIds: string[], _now: number): Promise<void> {}
