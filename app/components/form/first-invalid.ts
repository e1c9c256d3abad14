// Forms whose spec gives one message at a time (Add Client, Add Booking) show
// only the first field, in the spec's order, that has a problem; the others
// are still marked invalid.

export function firstInvalid<K extends string>(
  fields: Record<K, { errors?: readonly unknown[] }>,
  order: readonly K[],
): K | undefined {
  return order.find((name) => (fields[name].errors?.length ?? 0) > 0);
}
