/** A failure a caller can act on (404 not found, 409 duplicate...), carried to the API as its status and message. */
export class ServiceError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = "ServiceError";
  }
}
