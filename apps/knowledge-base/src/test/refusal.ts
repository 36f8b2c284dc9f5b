/** Test support (not built): the domain error a rule throws, or `undefined` when it lets the call through. */
import { DomainError } from '@ncs/contracts';

export function refusal(run: () => unknown): DomainError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  return undefined;
}
