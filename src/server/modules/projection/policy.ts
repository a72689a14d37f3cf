import crypto from "node:crypto";
import { SHORT_TOKEN_ALPHABET, SHORT_TOKEN_LENGTH, type ProjectionCommand } from "../../../contracts/projection";

/** The last valid position of a lesson with `itemCount` items (0 for an empty lesson). */
export const lastPosition = (itemCount: number): number => Math.max(0, itemCount - 1);

/** A position kept inside the lesson: 0..itemCount-1. */
export const clampPosition = (position: number, itemCount: number): number => Math.min(Math.max(0, position), lastPosition(itemCount));

export type Slide = { position: number; revealed: boolean };

/**
 * What a command does to the slide shown. Moving to another slide hides the answers again, so a
 * class never sees the next question's answer before the teacher reveals it.
 */
export function applyCommand(current: Slide, command: Pick<ProjectionCommand, "command" | "position">, itemCount: number): Slide {
  const move = (to: number): Slide => {
    const position = clampPosition(to, itemCount);
    return { position, revealed: position === current.position ? current.revealed : false };
  };
  switch (command.command) {
    case "next":
      return move(current.position + 1);
    case "previous":
      return move(current.position - 1);
    case "goto":
      return move(command.position ?? current.position);
    case "reveal":
      return { position: clampPosition(current.position, itemCount), revealed: true };
    case "hide":
      return { position: clampPosition(current.position, itemCount), revealed: false };
  }
}

/** A fresh short token: SHORT_TOKEN_LENGTH characters of SHORT_TOKEN_ALPHABET, uniformly drawn. */
export function newShortToken(): string {
  let token = "";
  for (let i = 0; i < SHORT_TOKEN_LENGTH; i++) token += SHORT_TOKEN_ALPHABET[crypto.randomInt(SHORT_TOKEN_ALPHABET.length)];
  return token;
}

/** sha256 hex of a remote secret; only the hash is stored. */
export const hashSecret = (secret: string): string => crypto.createHash("sha256").update(secret).digest("hex");

/** Constant-time comparison of a presented secret with the stored hash. */
export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashSecret(secret), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
