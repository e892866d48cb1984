// A one-time message carried from a form to the list it returns to ("Company saved.").
let pending: string | undefined;

export function setFlash(message: string): void {
  pending = message;
}

export function takeFlash(): string | undefined {
  const message = pending;
  pending = undefined;
  return message;
}
